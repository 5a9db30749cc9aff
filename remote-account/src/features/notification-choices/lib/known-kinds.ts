import { kaNotificationKinds, type NamedKind } from '../../../lib/ka-notification-kinds';
import type { KindChoice } from '../api/preferences';

export type KnownKind = NamedKind;

const isKnownKind = (kind: string): kind is KnownKind => Object.hasOwn(kaNotificationKinds, kind);

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
