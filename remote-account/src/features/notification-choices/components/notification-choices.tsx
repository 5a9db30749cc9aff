import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useUser } from 'shared/query/use-account';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { type Preferences, preferencesQuery } from '../api/preferences';
import { type Place, useSavePreferences } from '../hooks/use-save-preferences';
import { kaNotificationChoices as t } from '../ka-notification-choices';
import { knownKinds } from '../lib/known-kinds';
import { KindChannels } from './kind-channels';
import styles from './notification-choices.module.css';
import { ReminderDaysChoice } from './reminder-days';

/** A link to the verification steps, named for the contact to verify. */
type VerifyLink = (label: string) => ReactNode;

/** The choices, each saved as it changes; where a contact is unverified, that nothing goes there. */
function Choices({
  id,
  preferences,
  verifyLink,
}: {
  id: string;
  preferences: Preferences;
  verifyLink: VerifyLink;
}) {
  const user = useUser().data;
  const { asked, outcome, save, refuse } = useSavePreferences();
  const phoneNotice = user && !user.phone_verified ? `${id}-phone` : undefined;
  const emailNotice = user && !user.email_verified ? `${id}-email` : undefined;
  const at = (place: Place) => ({
    saving: asked?.place === place,
    outcome: outcome?.place === place ? outcome : null,
  });

  return (
    <div id={id} className={styles.choices}>
      {phoneNotice ? (
        <p id={phoneNotice} className={styles.notice}>
          {t.phoneUnverified} {verifyLink(t.verifyPhone)}
        </p>
      ) : null}
      {emailNotice ? (
        <p id={emailNotice} className={styles.notice}>
          {t.emailUnverified} {verifyLink(t.verifyEmail)}
        </p>
      ) : null}
      <ReminderDaysChoice
        value={asked?.change.reminder_days ?? preferences.reminder_days}
        {...at('reminder_days')}
        onChange={(days) => save('reminder_days', { reminder_days: days, kinds: [] })}
      />
      {knownKinds(preferences.kinds).map((choice) => {
        // What was asked shows until the provider answers; its answer then decides.
        const askedNow = asked?.change.kinds.find((each) => each.kind === choice.kind);
        return (
          <KindChannels
            key={choice.kind}
            choice={{ ...choice, ...(askedNow && { sms: askedNow.sms, email: askedNow.email }) }}
            {...at(choice.kind)}
            phoneNotice={phoneNotice}
            emailNotice={emailNotice}
            onChange={({ sms, email }) => {
              // The law wants a required kind told: its last channel is refused here, unasked.
              if (choice.required && !sms && !email) refuse(choice.kind, t.requiredRefused);
              else {
                save(choice.kind, {
                  reminder_days: preferences.reminder_days,
                  kinds: [{ kind: choice.kind, sms, email }],
                });
              }
            }}
          />
        );
      })}
    </div>
  );
}

/**
 * The customer's choice of notification channels in the account panel (contract v1.4): for
 * each kind SMS and e-mail, and how early the payment reminder comes. A provider without v1.4
 * answers with a 404: the section is then not shown at all. The choices open under a button:
 * fourteen boxes would make the panel, which holds the profile and more, long to read and to
 * Tab through. `verifyLink` leads to the verification steps, offered where a contact is not
 * verified yet.
 */
export function NotificationChoices({ verifyLink }: { verifyLink: VerifyLink }) {
  const preferences = useQuery(preferencesQuery);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const choicesId = useId();

  if (preferences.error?.status === 404) return null;

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t.title}
      </h3>
      <p className={styles.meta}>{t.intro}</p>
      {preferences.isPending ? <p className={styles.meta}>{t.loading}</p> : null}
      {preferences.isError && !preferences.data ? (
        <LoadError message={t.loadError} onRetry={() => void preferences.refetch()} />
      ) : null}
      {preferences.data ? (
        <div>
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={open ? choicesId : undefined}
            onClick={() => setOpen(!open)}
          >
            {t.change}
          </Button>
        </div>
      ) : null}
      {preferences.data && open ? (
        <Choices id={choicesId} preferences={preferences.data} verifyLink={verifyLink} />
      ) : null}
    </section>
  );
}
