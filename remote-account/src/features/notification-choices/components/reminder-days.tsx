import { useId } from 'react';
import { format } from 'shared/strings/ka';
import { REMINDER_DAYS, type ReminderDays } from '../api/preferences';
import type { Outcome } from '../hooks/use-save-preferences';
import { kaNotificationChoices as t } from '../ka-notification-choices';
import styles from './notification-choices.module.css';
import { describedBy, SaveError, SaveStatus } from './save-outcome';

/** How many days before a due date the payment reminder comes: 1, 3 or 5. */
export function ReminderDaysChoice({
  value,
  saving,
  outcome,
  onChange,
}: {
  value: ReminderDays;
  saving: boolean;
  outcome: Outcome | null;
  onChange: (days: ReminderDays) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const failed = outcome !== null && !outcome.saved;
  return (
    <fieldset className={styles.choice}>
      <legend className={styles.legend}>{t.reminderLegend}</legend>
      <div className={styles.channels}>
        {REMINDER_DAYS.map((days) => (
          <div key={days} className={styles.option}>
            <input
              id={`${id}-${days}`}
              type="radio"
              name={`${id}-days`}
              value={days}
              checked={value === days}
              aria-describedby={describedBy(failed && errorId)}
              onChange={() => onChange(days)}
            />
            <label htmlFor={`${id}-${days}`}>{format(t.reminderDays, { days })}</label>
          </div>
        ))}
        <SaveStatus saving={saving} outcome={outcome} />
      </div>
      <SaveError outcome={outcome} id={errorId} />
    </fieldset>
  );
}
