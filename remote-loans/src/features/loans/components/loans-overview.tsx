import type { Loan } from 'shared/api/loan/loans';
import { useAuthStore } from 'shared/auth/auth-store';
import { formatDate, formatMoney } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { useLoanLimit, useLoans } from 'shared/query/use-account';
import { useUiStore } from 'shared/stores/ui-store';
import { ka } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { Card } from 'shared/ui/card';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import styles from './loans-overview.module.css';

function LoanItem({ loan }: { loan: Loan }) {
  return (
    <li className={styles.loan}>
      <div className={styles.loanHeader}>
        <span className={styles.amount}>{formatMoney(loan.amount)}</span>
        <span className={`${styles.badge} ${styles[loan.status]}`}>
          {ka.loans.status[loan.status]}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{ka.loans.outstanding}</dt>
          <dd>{formatMoney(loan.outstanding)}</dd>
        </div>
        <div>
          <dt>{ka.loans.term}</dt>
          <dd>
            {loan.term} {ka.loans.months}
          </dd>
        </div>
        {loan.next_payment_date && loan.next_payment_amount ? (
          <div>
            <dt>{ka.loans.nextPayment}</dt>
            <dd>
              {formatMoney(loan.next_payment_amount)} · {formatDate(loan.next_payment_date)}
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

/** The customer's limit; absent when the provider could not say (the spec ignores that failure). */
function LimitSummary() {
  const limit = useLoanLimit().data;
  if (!limit) return null;
  const terms = limit.term_limit;
  return (
    <dl className={styles.limit}>
      <div>
        <dt>{ka.loans.amountLimit}</dt>
        <dd>{formatMoney(limit.amount_limit)}</dd>
      </div>
      {terms.length > 0 ? (
        <div>
          <dt>{terms.length === 1 ? ka.loans.termFixed : ka.loans.termLimit}</dt>
          <dd>
            {terms.join(', ')} {ka.loans.months}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function LoansList() {
  const loans = useLoans();
  const showPending = useDelayedFlag(loans.isPending);

  if (loans.isPending) return showPending ? <Skeleton height="6rem" /> : null;
  // A failed reload keeps the loans already shown; only a first failure replaces them.
  if (loans.isError && !loans.data) {
    return <LoadError message={ka.loans.error} onRetry={() => void loans.refetch()} />;
  }
  if (loans.data.length === 0) return <p>{ka.loans.empty}</p>;
  return (
    <ul className={styles.list}>
      {loans.data.map((loan) => (
        <LoanItem key={loan.id} loan={loan} />
      ))}
    </ul>
  );
}

/** The customer's loans on the home page; visitors are offered the login instead. */
export default function LoansOverview() {
  const loggedIn = useAuthStore((state) => state.status === 'logged-in');
  const requestLogin = useUiStore((state) => state.requestLogin);
  return (
    <Card aria-labelledby="loans-title">
      <h2 id="loans-title" className={styles.title}>
        {ka.loans.title}
      </h2>
      {loggedIn ? (
        <>
          <LimitSummary />
          <LoansList />
        </>
      ) : (
        <div className={styles.prompt}>
          <p>{ka.loans.loginToSee}</p>
          <Button onClick={requestLogin}>{ka.account.login}</Button>
        </div>
      )}
    </Card>
  );
}
