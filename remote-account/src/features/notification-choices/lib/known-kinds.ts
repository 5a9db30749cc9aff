import type { KindChoice } from '../api/preferences';
import { kaNotificationChoices as t } from '../ka-notification-choices';

export type KnownKind = keyof typeof t.kind;

const isKnownKind = (kind: string): kind is KnownKind => Object.hasOwn(t.kind, kind);

/**
 * The kinds offered as choices: those this client names in Georgian. A kind a provider added
 * later comes as an English code, which the customer (who reads Georgian only) could not
 * understand, so it is left out; and since a PUT lists only the kinds it changes, it is never
 * sent either, and the provider keeps it as it was.
 */
export function knownKinds(kinds: readonly KindChoice[]): (KindChoice & { kind: KnownKind })[] {
  return kinds.filter((choice): choice is KindChoice & { kind: KnownKind } =>
    isKnownKind(choice.kind),
  );
}
