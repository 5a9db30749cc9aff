import { Alert } from 'shared/ui/alert';
import type { Outcome } from '../hooks/use-save-preferences';
import { kaNotificationChoices as t } from '../ka-notification-choices';
import styles from './notification-choices.module.css';

/** Saving and saved, said politely beside the control changed (as the shared Alert does). */
export function SaveStatus({ saving, outcome }: { saving: boolean; outcome: Outcome | null }) {
  const said = saving ? t.saving : outcome?.saved ? t.saved : null;
  if (!said) return null;
  return (
    <span role="status" className={styles.status}>
      {said}
    </span>
  );
}

/** A refusal (the provider's, or ours before asking) as an alert the control's description names. */
export function SaveError({ outcome, id }: { outcome: Outcome | null; id: string }) {
  if (!outcome || outcome.saved) return null;
  return (
    <div id={id}>
      <Alert tone="error">{outcome.message}</Alert>
    </div>
  );
}

/** The ids that describe a control, or none: what aria-describedby takes. */
export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;
