import { useId } from 'react';
import type { KindChoice } from '../api/preferences';
import type { Outcome } from '../hooks/use-save-preferences';
import { kaNotificationChoices as t } from '../ka-notification-choices';
import type { KnownKind } from '../lib/known-kinds';
import styles from './notification-choices.module.css';
import { describedBy, SaveError, SaveStatus } from './save-outcome';

export type Channels = Pick<KindChoice, 'sms' | 'email'>;

/**
 * One kind's channels: SMS and e-mail, each a box. A required kind keeps its last box
 * focusable (a disabled one is skipped by some browsers' Tab) and says why it stays on.
 */
export function KindChannels({
  choice,
  saving,
  outcome,
  phoneNotice,
  emailNotice,
  onChange,
}: {
  choice: Channels & { kind: KnownKind; required: boolean };
  saving: boolean;
  outcome: Outcome | null;
  /** The notice that SMS goes nowhere yet (an unverified phone), if there is one. */
  phoneNotice: string | undefined;
  emailNotice: string | undefined;
  onChange: (channels: Channels) => void;
}) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const errorId = `${id}-error`;
  const failed = outcome !== null && !outcome.saved;
  const box = (channel: keyof Channels, label: string, notice: string | undefined) => (
    <div className={styles.option}>
      <input
        id={`${id}-${channel}`}
        type="checkbox"
        checked={choice[channel]}
        aria-describedby={describedBy(choice.required && reasonId, notice, failed && errorId)}
        onChange={(event) => onChange({ ...choice, [channel]: event.currentTarget.checked })}
      />
      <label htmlFor={`${id}-${channel}`}>{label}</label>
    </div>
  );
  return (
    <fieldset className={styles.choice}>
      <legend className={styles.legend}>{t.kind[choice.kind]}</legend>
      <div className={styles.channels}>
        {box('sms', t.sms, phoneNotice)}
        {box('email', t.email, emailNotice)}
        <SaveStatus saving={saving} outcome={outcome} />
      </div>
      {choice.required ? (
        <p id={reasonId} className={styles.meta}>
          {t.requiredReason}
        </p>
      ) : null}
      <SaveError outcome={outcome} id={errorId} />
    </fieldset>
  );
}
