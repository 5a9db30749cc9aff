import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate } from 'shared/lib/money';
import { Link } from 'shared/navigation/router';
import { useWrite } from 'shared/query/use-write';
import { useUiStore } from 'shared/stores/ui-store';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { LoadError } from 'shared/ui/load-error';
import { type Consent, consentsQuery, setMarketingConsent } from '../api/consents';
import { kaConsents as t } from '../ka-consents';
import styles from './consents-section.module.css';

/** When it was given or withdrawn, as the provider recorded it. */
function ConsentState({ consent }: { consent: Consent }) {
  if (consent.given && consent.given_at) {
    return (
      <p className={styles.meta}>{format(t.givenAt, { date: formatDate(consent.given_at) })}</p>
    );
  }
  if (!consent.given && consent.withdrawn_at) {
    return (
      <p className={styles.meta}>
        {format(t.withdrawnAt, { date: formatDate(consent.withdrawn_at) })}
      </p>
    );
  }
  return consent.given ? null : <p className={styles.meta}>{t.notGiven}</p>;
}

/**
 * Withdrawing the personal-data consent closes the account: a request, made as a complaint
 * with that topic (contract v1.2), which the link opens chosen; the panel closes behind it.
 */
function PersonalDataWithdrawal() {
  const dismiss = useUiStore((state) => state.dismissAccountPanel);
  return (
    <p className={styles.meta}>
      {t.personalDataWithdraw}{' '}
      <Link to="/complaints?topic=personal_data" onClick={dismiss}>
        {t.personalDataWithdrawLink}
      </Link>
    </p>
  );
}

/** A document's consent: the document as accepted at registration, and when. */
function DocumentConsent({ consent }: { consent: Consent }) {
  return (
    <li className={styles.consent}>
      <h4 className={styles.kind}>{t.kind[consent.kind]}</h4>
      <p>
        {consent.document
          ? format(t.document, { title: consent.document.title, version: consent.document.version })
          : t.registeredBefore}
      </p>
      <ConsentState consent={consent} />
      {consent.kind === 'personal_data' ? <PersonalDataWithdrawal /> : null}
    </li>
  );
}

/** Marketing: a box given or withdrawn at once, with the provider's answer said aloud. */
function MarketingConsent({ consent }: { consent: Consent }) {
  const id = useId();
  const [said, setSaid] = useState<string | null>(null);
  // What the customer asked for, shown at once while the provider answers; its answer then
  // decides (a failure puts the box back as the provider has it).
  const [asked, setAsked] = useState<boolean | null>(null);
  const queryClient = useQueryClient();
  const write = useWrite({
    mutationKey: ['account', 'consents', 'marketing'],
    mutationFn: setMarketingConsent,
    // The answer is the consent now: the list shows it, without asking again.
    onSuccess: (saved) => {
      queryClient.setQueryData(consentsQuery.queryKey, (consents) =>
        consents?.map((each) => (each.kind === saved.kind ? saved : each)),
      );
    },
  });
  return (
    <li className={styles.consent}>
      <h4 className={styles.kind}>{t.kind.marketing}</h4>
      <div className={styles.checkbox}>
        <input
          id={id}
          type="checkbox"
          checked={asked ?? consent.given}
          disabled={write.busy}
          aria-describedby={`${id}-state`}
          onChange={(event) => {
            const given = event.currentTarget.checked;
            setSaid(null);
            setAsked(given);
            write
              .send(given)
              .then(
                (saved) => {
                  if (saved) setSaid(saved.given ? t.marketingGiven : t.marketingWithdrawn);
                },
                () => setSaid(null),
              )
              .finally(() => setAsked(null));
          }}
        />
        <label htmlFor={id}>{t.marketingAccept}</label>
      </div>
      <div id={`${id}-state`}>
        {write.busy ? (
          <p className={styles.meta}>{t.marketingSaving}</p>
        ) : (
          <ConsentState consent={consent} />
        )}
      </div>
      {write.isError ? <Alert tone="error">{t.marketingFailed}</Alert> : null}
      {said && !write.busy ? <Alert tone="success">{said}</Alert> : null}
    </li>
  );
}

/**
 * The customer's consents in the account panel (contract v1.2): the documents accepted at
 * registration and when, and marketing, which they give or withdraw here at once. The
 * personal-data consent is withdrawn by closing the account: the section says how to ask.
 */
export function ConsentsSection() {
  const consents = useQuery(consentsQuery);
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t.title}
      </h3>
      {consents.isPending ? <p className={styles.meta}>{t.loading}</p> : null}
      {consents.isError ? (
        <LoadError message={t.loadError} onRetry={() => void consents.refetch()} />
      ) : null}
      {consents.data ? (
        <ul className={styles.list}>
          {consents.data.map((consent) =>
            consent.kind === 'marketing' ? (
              <MarketingConsent key={consent.kind} consent={consent} />
            ) : (
              <DocumentConsent key={consent.kind} consent={consent} />
            ),
          )}
        </ul>
      ) : null}
    </section>
  );
}
