import { fetchLoans, type Loan } from 'shared/api/loan/loans';
import { useAuthStore } from 'shared/auth/auth-store';
import { formatDate, formatMoney } from 'shared/lib/money';
import { useApiQuery } from 'shared/lib/use-api-query';
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

function LoansList() {
  const loans = useApiQuery((signal) => fetchLoans(signal), []);
  if (loans.status === 'loading') return loans.showPending ? <Skeleton height="6rem" /> : null;
  if (loans.status === 'error') {
    return <LoadError message={ka.loans.error} onRetry={loans.retry} />;
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
        <LoansList />
      ) : (
        <div className={styles.prompt}>
          <p>{ka.loans.loginToSee}</p>
          <Button onClick={requestLogin}>{ka.account.login}</Button>
        </div>
      )}
    </Card>
  );
}
