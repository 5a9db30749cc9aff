import { useQuery } from '@tanstack/react-query';
import { type RefObject, useId, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import { formatDate, formatMoney, toTetri } from 'shared/lib/money';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { ActionSteps, QuotePending } from '../../../components/money-action/action-steps';
import { Figures } from '../../../components/money-action/figures';
import styles from '../../../components/money-action/money-action.module.css';
import type { PaymentStep } from '../../../components/money-action/payment-step';
import { useActionFlow } from '../../../hooks/use-action-flow';
import { useLoanWrite } from '../../../hooks/use-loan-write';
import { kaLoans } from '../../../ka-loans';
import { addDays } from '../../../lib/iso-date';
import { refusalText } from '../../../lib/refusal';
import { type Payoff, payOff, payoffQuery } from '../api/payoff';

const t = kaLoans.payoff;
/** The provider quotes a payoff up to 30 days ahead. */
const WINDOW_DAYS = 30;

/** What a payoff on the quoted date is made of, and what it saves against the schedule. */
function PayoffFigures({ quote }: { quote: Payoff }) {
  const saved = (toTetri(quote.interest_saved) ?? 0) > 0;
  return (
    <>
      <Figures
        rows={[
          {
            term: format(t.total, { date: formatDate(quote.date) }),
            value: formatMoney(quote.total),
            strong: true,
          },
          { term: t.principal, value: formatMoney(quote.principal) },
          { term: t.interest, value: formatMoney(quote.interest) },
          (toTetri(quote.penalty) ?? 0) > 0 && {
            term: t.penalty,
            value: formatMoney(quote.penalty),
          },
          saved && { term: t.saved, value: formatMoney(quote.interest_saved), strong: true },
        ]}
      />
      {saved ? null : <p className={styles.hint}>{t.savesNothing}</p>}
    </>
  );
}

export interface PayoffActionProps {
  loanId: number;
  /** The loan is open; a closed one offers nothing (but still says it was paid off here). */
  payable: boolean;
  headingLevel: 3 | 4;
  /** How today's total is paid: the card payment, or payoff/ (the page composes it). */
  paymentStep: PaymentStep;
  onPaidOff?: (total: string) => void;
  /** Where the focus goes when the done message closes and the loan is closed. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** The opening button's name where paying off is another press (paying off again). */
  openLabel?: string;
}

/**
 * Paying a whole loan off early (v1.1), through the money actions' one flow: a quote for today
 * or a day the customer picks (up to 30 days ahead), showing the total, what it is made of and
 * the interest it saves; paying off is for today's quote only, after a confirmation stating the
 * total. `onPaidOff` lets a holder that disappears with the debt (the overdue notice) say so.
 */
export function PayoffAction({
  loanId,
  payable,
  headingLevel,
  paymentStep,
  onPaidOff,
  returnFocusTo,
  openLabel,
}: PayoffActionProps) {
  // The done message tells the total paid off.
  const flow = useActionFlow<string>(returnFocusTo);
  // null: today's quote (the provider's today, so the page never guesses the date).
  const [date, setDate] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const open = payable && flow.open;
  const today = useQuery({ ...payoffQuery(loanId, null), enabled: open });
  const quote = useQuery({ ...payoffQuery(loanId, date), enabled: open });
  const write = useLoanWrite(loanId, () => payOff(loanId));
  const id = useId();

  const todayDate = today.data?.date ?? null;
  const lastDate = todayDate ? addDays(todayDate, WINDOW_DAYS) : undefined;

  const backToToday = () => {
    setDate(null);
    setTyped('');
    setDateProblem(null);
  };

  const chooseDate = (value: string) => {
    setTyped(value);
    flow.clearRefusal();
    if (!value || !todayDate || !lastDate) return;
    if (value < todayDate || value > lastDate) {
      setDateProblem(t.dateInvalid);
      return;
    }
    setDateProblem(null);
    setDate(value === todayDate ? null : value);
  };

  const confirm = async () => {
    const total = quote.data?.total;
    if (!total || !(await flow.send(() => write.send()))) return;
    if (!onPaidOff) return flow.finish(total);
    onPaidOff(total);
    flow.cancel();
  };

  const quoteError = quote.isError ? toApiError(quote.error) : null;
  // A date the provider refuses is the customer's to change: said at the field.
  const dateRefused = quoteError?.code === 'payoff_date_invalid' ? t.dateInvalid : null;
  const fieldMessage = dateProblem ?? dateRefused;
  const isToday = quote.data !== undefined && quote.data.date === todayDate;
  const statement = quote.data
    ? format(t.confirmStatement, { amount: formatMoney(quote.data.total) })
    : null;
  // v1.3: the bank's page takes the payoff; before it, payoff/ does (ActionSteps' confirmation).
  if (payable && flow.step === 'confirm' && quote.data && !paymentStep.direct) {
    return paymentStep.confirm({
      loanId,
      purpose: 'payoff',
      amount: quote.data.total,
      words: t,
      statement,
      figures: <PayoffFigures quote={quote.data} />,
      onBack: flow.back,
      headingLevel,
      pending: <QuotePending label={t.loading} height="8rem" />,
    });
  }
  return (
    <ActionSteps
      flow={flow}
      words={openLabel ? { ...t, open: openLabel } : t}
      busyLabel={t.paying}
      headingLevel={headingLevel}
      offered={payable}
      done={(total) => format(t.done, { amount: formatMoney(total) })}
      onStart={backToToday}
      confirm={
        quote.data && {
          statement,
          figures: <PayoffFigures quote={quote.data} />,
        }
      }
      busy={write.busy}
      onConfirm={() => void confirm()}
      pending={quote.isPending}
      next={
        isToday && !dateProblem ? (
          <Button onClick={flow.toConfirm} {...paymentStep.intent}>
            {t.payToday}
          </Button>
        ) : (
          <Button onClick={backToToday} disabled={!todayDate}>
            {t.backToToday}
          </Button>
        )
      }
      note={quote.data && !isToday ? <p className={styles.hint}>{t.laterNote}</p> : null}
    >
      <p className={styles.hint}>{t.intro}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-date`}>{t.date}</label>
        <input
          id={`${id}-date`}
          type="date"
          value={typed || todayDate || ''}
          min={todayDate ?? undefined}
          max={lastDate}
          disabled={!todayDate}
          aria-invalid={fieldMessage ? true : undefined}
          aria-describedby={`${id}-hint${fieldMessage ? ` ${id}-error` : ''}`}
          onChange={(event) => chooseDate(event.target.value)}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          {todayDate && lastDate
            ? format(t.dateHint, { from: formatDate(todayDate), to: formatDate(lastDate) })
            : null}
        </span>
        {fieldMessage ? (
          <span id={`${id}-error`} className={styles.fieldError}>
            {fieldMessage}
          </span>
        ) : null}
      </div>
      {quote.isPending ? <QuotePending label={t.loading} height="8rem" /> : null}
      {quoteError && !dateRefused ? (
        <LoadError message={refusalText(quoteError)} onRetry={() => void quote.refetch()} />
      ) : null}
      {quote.data && !dateProblem ? <PayoffFigures quote={quote.data} /> : null}
    </ActionSteps>
  );
}
