import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import type { Loan } from 'shared/api/loan/loans';
import { formatDate, formatMoney, fromTetri, toTetri } from 'shared/lib/money';
import { useTbilisiToday } from 'shared/lib/tbilisi-today';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { ActionSteps, QuotePending } from '../../../components/money-action/action-steps';
import { Figures } from '../../../components/money-action/figures';
import styles from '../../../components/money-action/money-action.module.css';
import { useActionFlow } from '../../../hooks/use-action-flow';
import { useLoanWrite } from '../../../hooks/use-loan-write';
import { kaLoans } from '../../../ka-loans';
import { daysBetween } from '../../../lib/iso-date';
import { isOpen } from '../../../lib/loan-status';
import { type Withdrawal, withdraw, withdrawalQuery } from '../api/withdrawal';

const t = kaLoans.withdrawal;

/** How long the customer may still withdraw. */
function periodText(until: string, daysLeft: number): string {
  const date = formatDate(until);
  return daysLeft === 0
    ? format(t.lastDay, { date })
    : format(t.daysLeft, { date, days: daysLeft });
}

/** What the lender owes back, in tetri, when the customer already paid more than returning takes. */
const owedBack = (withdrawal: Withdrawal) =>
  -Math.min(0, toTetri(withdrawal.amount_to_return) ?? 0);

/** What withdrawing returns; a negative amount is what the lender owes the customer. */
function WithdrawalFigures({ withdrawal }: { withdrawal: Withdrawal }) {
  const owed = owedBack(withdrawal);
  return (
    <>
      <Figures
        rows={[
          owed === 0 && {
            term: t.amountToReturn,
            value: formatMoney(withdrawal.amount_to_return),
            strong: true,
          },
          { term: t.interest, value: formatMoney(withdrawal.interest) },
          { term: t.feeRefunded, value: formatMoney(withdrawal.fee_refunded) },
        ]}
      />
      {owed > 0 ? (
        <p className={styles.statement}>
          {format(t.owedToYou, { amount: formatMoney(fromTetri(owed)) })}
        </p>
      ) : null}
    </>
  );
}

/**
 * Withdrawing from a loan within its 14 days (v1.1), through the money actions' one flow:
 * the days left, what returning it takes (the amount received and interest for the days
 * used, the fee refunded), a confirmation stating the amount, then the loan shows withdrawn.
 */
export function WithdrawAction({
  loan,
  headingLevel,
  returnFocusTo,
}: {
  loan: Loan;
  headingLevel: 3 | 4;
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const flow = useActionFlow(returnFocusTo);
  const today = useTbilisiToday();
  const quote = useQuery({ ...withdrawalQuery(loan.id), enabled: flow.open });
  const write = useLoanWrite(loan.id, () => withdraw(loan.id));

  // No `withdrawal_until` (an older host's schema strips it): nothing to offer.
  const until = loan.withdrawal_until;
  const daysLeft = until && today !== null && isOpen(loan) ? daysBetween(today, until) : -1;
  const period = until && daysLeft >= 0 ? periodText(until, daysLeft) : null;
  const confirm = async () => {
    if (await flow.send(() => write.send())) flow.finish(true);
  };
  const owed = quote.data ? owedBack(quote.data) : 0;
  return (
    <ActionSteps
      flow={flow}
      words={t}
      busyLabel={t.sending}
      headingLevel={headingLevel}
      offered={period !== null}
      done={() => t.done}
      trigger={(button) => (
        <div className={styles.done}>
          <p className={styles.hint}>{period}</p>
          {button}
        </div>
      )}
      confirm={
        quote.data && {
          statement:
            owed > 0
              ? format(t.confirmStatementRefund, { amount: formatMoney(fromTetri(owed)) })
              : format(t.confirmStatement, { amount: formatMoney(quote.data.amount_to_return) }),
          figures: <WithdrawalFigures withdrawal={quote.data} />,
        }
      }
      busy={write.busy}
      onConfirm={() => void confirm()}
      pending={quote.isPending}
      next={quote.data?.available ? <Button onClick={flow.toConfirm}>{t.continue}</Button> : null}
    >
      <p className={styles.hint}>{period}</p>
      <p className={styles.hint}>{t.intro}</p>
      {quote.isPending ? <QuotePending label={t.loading} height="6rem" /> : null}
      {quote.isError ? <LoadError message={t.error} onRetry={() => void quote.refetch()} /> : null}
      {quote.data && !quote.data.available ? <Alert tone="info">{t.unavailable}</Alert> : null}
      {quote.data?.available ? <WithdrawalFigures withdrawal={quote.data} /> : null}
    </ActionSteps>
  );
}
