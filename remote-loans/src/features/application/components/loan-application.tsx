import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { formatMoney } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { type LoanRequest, useLoanRequestStore } from 'shared/stores/loan-request-store';
import { useUiStore } from 'shared/stores/ui-store';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { type Application, applicationsQuery, isOpen, validationQuery } from '../api/applications';
import { kaApplication as t } from '../ka-application';
import { useFollowedApplication } from '../lib/followed-application';
import styles from './application.module.css';
import { ApplicationBlocked, isBusinessCode } from './application-blocked';
import { ApplicationStatus } from './application-status';
import { ContractAcceptance } from './contract-acceptance';
import { KeyTerms } from './key-terms';

function BackToCalculator() {
  const showCalculator = useUiStore((state) => state.setActiveLoanComponent);
  return (
    <Button variant="ghost" onClick={() => showCalculator('slider')}>
      {t.backToCalculator}
    </Button>
  );
}

/** Validation first; then the key terms and the contract; submitting follows the application. */
function ApplicationSteps({
  request,
  onSubmitted,
}: {
  request: LoanRequest;
  onSubmitted: (application: Application) => void;
}) {
  const check = useQuery(validationQuery(request));
  const applications = useQuery(applicationsQuery);
  const follow = useFollowedApplication((state) => state.follow);
  const showPending = useDelayedFlag(check.isPending);

  if (check.isPending) {
    return (
      <div aria-busy="true">
        {showPending ? <p className={styles.muted}>{t.checking}</p> : null}
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (check.isError) {
    const code = check.error.code;
    if (isBusinessCode(code)) {
      return (
        <>
          <ApplicationBlocked
            code={code}
            error={check.error}
            request={request}
            onShowOpenApplication={() => {
              const open = applications.data?.find((application) => isOpen(application));
              if (open) follow(open.id);
              void applications.refetch();
            }}
          />
          <BackToCalculator />
        </>
      );
    }
    return (
      <>
        <LoadError
          message={`${t.checkFailed} ${check.error.message}`}
          onRetry={() => void check.refetch()}
        />
        <BackToCalculator />
      </>
    );
  }
  return (
    <>
      <KeyTerms request={request} />
      <ContractAcceptance request={request} onSubmitted={onSubmitted} />
      <BackToCalculator />
    </>
  );
}

/**
 * The loan area's application: an open application is followed to its decision; otherwise the
 * choice handed over by the calculator (the shared loan request store) goes through the
 * provider's checks, the key-terms sheet and the contract.
 */
export default function LoanApplication() {
  const applications = useQuery(applicationsQuery);
  const request = useLoanRequestStore((state) => state.request);
  const followedId = useFollowedApplication((state) => state.followedId);
  const follow = useFollowedApplication((state) => state.follow);
  const showPending = useDelayedFlag(applications.isPending);
  // Sent from this page: its status then replaces the form the customer was reading, and is
  // brought into view (the form was taller; the page would stay scrolled to where it was).
  const sentHere = useRef<number | null>(null);
  const latest = applications.data?.[0];
  const latestOpenId = isOpen(latest) ? latest?.id : undefined;

  // An open application is followed to its decision, which then stays shown until "done".
  useEffect(() => {
    if (latestOpenId !== undefined) follow(latestOpenId);
  }, [latestOpenId, follow]);

  let body: ReactNode;
  if (applications.isPending) body = showPending ? <Skeleton height="16rem" /> : null;
  else if (applications.isError && !applications.data) {
    body = <LoadError message={t.status.error} onRetry={() => void applications.refetch()} />;
  } else if (latest && (isOpen(latest) || latest.id === followedId)) {
    body = (
      <ApplicationStatus application={latest} bringIntoView={latest.id === sentHere.current} />
    );
  } else if (request) {
    body = (
      <ApplicationSteps
        key={`${request.amount}/${request.term}`}
        request={request}
        onSubmitted={(application) => {
          sentHere.current = application.id;
          follow(application.id);
        }}
      />
    );
  } else {
    body = (
      <>
        <p>{t.noRequest}</p>
        <BackToCalculator />
      </>
    );
  }

  return (
    <section className={styles.application} aria-labelledby="application-title">
      <h2 id="application-title" className={styles.title}>
        {t.title}
      </h2>
      {request && !(latest && (isOpen(latest) || latest.id === followedId)) ? (
        <p className={styles.chosen}>
          {format(t.chosen, {
            amount: formatMoney(request.amount),
            term: format(t.months, { count: request.term }),
          })}
        </p>
      ) : null}
      {body}
    </section>
  );
}
