import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import type { Loan } from 'shared/api/loan/loans';
import { formatDate, formatMoney, fromTetri, toTetri } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { kaLoans } from '../../../ka-loans';
import { isOpen } from '../../loans/lib/loan-status';
import { ConfirmStep, DoneMessage } from '../../money-action/components/confirm-step';
import styles from '../../money-action/components/money-action.module.css';
import { useActionFlow } from '../../money-action/hooks/use-action-flow';
import { useLoanWrite } from '../../money-action/hooks/use-loan-write';
import { daysBetween, tbilisiToday } from '../../money-action/lib/iso-date';
import { refusalText } from '../../money-action/lib/refusal';
import { type Withdrawal, withdraw, withdrawalQuery } from '../api/withdrawal';

const t = kaLoans.withdrawal;

/** Today in Tbilisi, known after the page is in the browser (never guessed while rendering). */
function useTbilisiToday(): string | null {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => setToday(tbilisiToday()), []);
  return today;
}

/** What withdrawing returns; a negative amount is what the lender owes the customer. */
function WithdrawalFigures({ withdrawal }: { withdrawal: Withdrawal }) {
  const toReturn = toTetri(withdrawal.amount_to_return) ?? 0;
  return (
    <>
      <dl className={styles.figures}>
        {toReturn >= 0 ? (
          <div className={styles.strong}>
            <dt>{t.amountToReturn}</dt>
            <dd>{formatMoney(withdrawal.amount_to_return)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t.interest}</dt>
          <dd>{formatMoney(withdrawal.interest)}</dd>
        </div>
        <div>
          <dt>{t.feeRefunded}</dt>
          <dd>{formatMoney(withdrawal.fee_refunded)}</dd>
        </div>
      </dl>
      {toReturn < 0 ? (
        <p className={styles.statement}>
          {format(t.owedToYou, { amount: formatMoney(fromTetri(-toReturn)) })}
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const open = flow.step === 'choose' || flow.step === 'confirm';
  const quote = useQuery({ ...withdrawalQuery(loan.id), enabled: open });
  const write = useLoanWrite(loan.id, () => withdraw(loan.id));
  const showPending = useDelayedFlag(quote.isPending && open);
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';

  if (flow.step === 'done') {
    return (
      <DoneMessage closeLabel={t.close} onClose={flow.close}>
        {t.done}
      </DoneMessage>
    );
  }
  // No `withdrawal_until` (an older host's schema strips it): nothing to offer.
  const until = loan.withdrawal_until;
  if (!until || today === null || today > until || !isOpen(loan)) return null;

  const daysLeft = daysBetween(today, until);
  const period =
    daysLeft === 0
      ? format(t.lastDay, { date: formatDate(until) })
      : format(t.daysLeft, { date: formatDate(until), days: daysLeft });

  if (flow.step === 'closed') {
    return (
      <div className={styles.done}>
        <p className={styles.hint}>{period}</p>
        <Button
          ref={flow.trigger}
          variant="secondary"
          className={styles.trigger}
          onClick={() => {
            setRefusal(null);
            flow.start();
          }}
        >
          {t.open}
        </Button>
      </div>
    );
  }

  const confirm = async () => {
    setRefusal(null);
    try {
      if (await write.send()) flow.finish();
    } catch (error) {
      setRefusal(refusalText(toApiError(error)));
    }
  };

  if (flow.step === 'confirm' && quote.data) {
    const toReturn = toTetri(quote.data.amount_to_return) ?? 0;
    return (
      <ConfirmStep
        title={t.confirmTitle}
        statement={
          toReturn >= 0
            ? format(t.confirmStatement, { amount: formatMoney(quote.data.amount_to_return) })
            : format(t.confirmStatementRefund, { amount: formatMoney(fromTetri(-toReturn)) })
        }
        error={refusal}
        busy={write.busy}
        confirmLabel={t.confirm}
        busyLabel={t.sending}
        backLabel={t.back}
        onConfirm={() => void confirm()}
        onBack={flow.back}
        headingLevel={headingLevel}
      >
        <WithdrawalFigures withdrawal={quote.data} />
      </ConfirmStep>
    );
  }

  const quoteError = quote.isError ? toApiError(quote.error) : null;
  return (
    <section className={styles.panel} aria-labelledby={id} aria-busy={quote.isPending}>
      <Heading id={id} className={styles.title}>
        {t.title}
      </Heading>
      <p className={styles.hint}>{period}</p>
      <p className={styles.hint}>{t.intro}</p>
      {quote.isPending ? (
        <>
          <span className="visually-hidden">{t.loading}</span>
          {showPending ? <Skeleton height="6rem" /> : null}
        </>
      ) : null}
      {quoteError ? <LoadError message={t.error} onRetry={() => void quote.refetch()} /> : null}
      {quote.data && !quote.data.available ? <Alert tone="info">{t.unavailable}</Alert> : null}
      {quote.data?.available ? <WithdrawalFigures withdrawal={quote.data} /> : null}
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <div className={styles.actions}>
        {quote.data?.available ? <Button onClick={flow.toConfirm}>{t.continue}</Button> : null}
        <Button variant="secondary" onClick={flow.cancel}>
          {t.cancel}
        </Button>
      </div>
    </section>
  );
}
