import { useQuery } from '@tanstack/react-query';
import { type RefObject, useId, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import { formatDate, formatMoney, toTetri } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { kaLoans } from '../../../ka-loans';
import { ConfirmStep, DoneMessage } from '../../money-action/components/confirm-step';
import styles from '../../money-action/components/money-action.module.css';
import { useActionFlow } from '../../money-action/hooks/use-action-flow';
import { useLoanWrite } from '../../money-action/hooks/use-loan-write';
import { addDays } from '../../money-action/lib/iso-date';
import { refusalText } from '../../money-action/lib/refusal';
import { type Payoff, payOff, payoffQuery } from '../api/payoff';

const t = kaLoans.payoff;
/** The provider quotes a payoff up to 30 days ahead. */
const WINDOW_DAYS = 30;

/** What a payoff on the quoted date is made of, and what it saves against the schedule. */
function PayoffFigures({ quote }: { quote: Payoff }) {
  const saved = toTetri(quote.interest_saved) ?? 0;
  return (
    <>
      <dl className={styles.figures}>
        <div className={styles.strong}>
          <dt>{format(t.total, { date: formatDate(quote.date) })}</dt>
          <dd>{formatMoney(quote.total)}</dd>
        </div>
        <div>
          <dt>{t.principal}</dt>
          <dd>{formatMoney(quote.principal)}</dd>
        </div>
        <div>
          <dt>{t.interest}</dt>
          <dd>{formatMoney(quote.interest)}</dd>
        </div>
        {(toTetri(quote.penalty) ?? 0) > 0 ? (
          <div>
            <dt>{t.penalty}</dt>
            <dd>{formatMoney(quote.penalty)}</dd>
          </div>
        ) : null}
        {saved > 0 ? (
          <div className={styles.strong}>
            <dt>{t.saved}</dt>
            <dd>{formatMoney(quote.interest_saved)}</dd>
          </div>
        ) : null}
      </dl>
      {saved > 0 ? null : <p className={styles.hint}>{t.savesNothing}</p>}
    </>
  );
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
  onPaidOff,
  returnFocusTo,
}: {
  loanId: number;
  /** The loan is open; a closed one offers nothing (but still says it was paid off here). */
  payable: boolean;
  headingLevel: 3 | 4;
  onPaidOff?: (total: string) => void;
  /** Where the focus goes when the done message closes and the loan is closed. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const flow = useActionFlow(returnFocusTo);
  // null: today's quote (the provider's today, so the page never guesses the date).
  const [date, setDate] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const open = payable && (flow.step === 'choose' || flow.step === 'confirm');
  const today = useQuery({ ...payoffQuery(loanId, null), enabled: open });
  const quote = useQuery({ ...payoffQuery(loanId, date), enabled: open });
  const write = useLoanWrite(loanId, () => payOff(loanId));
  const showPending = useDelayedFlag(quote.isPending && open);
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';

  const todayDate = today.data?.date ?? null;
  const lastDate = todayDate ? addDays(todayDate, WINDOW_DAYS) : undefined;

  const start = () => {
    setDate(null);
    setTyped('');
    setDateProblem(null);
    setRefusal(null);
    setPaid(null);
    flow.start();
  };

  const chooseDate = (value: string) => {
    setTyped(value);
    setRefusal(null);
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
    if (!total) return;
    setRefusal(null);
    try {
      const loan = await write.send();
      if (!loan) return;
      setPaid(total);
      if (onPaidOff) {
        onPaidOff(total);
        flow.cancel();
      } else {
        flow.finish();
      }
    } catch (error) {
      setRefusal(refusalText(toApiError(error)));
    }
  };

  if (flow.step === 'done' && paid) {
    return (
      <DoneMessage closeLabel={t.close} onClose={flow.close}>
        {format(t.done, { amount: formatMoney(paid) })}
      </DoneMessage>
    );
  }
  if (flow.step === 'closed' || !payable) {
    if (!payable) return null;
    return (
      <Button ref={flow.trigger} variant="secondary" className={styles.trigger} onClick={start}>
        {t.open}
      </Button>
    );
  }
  if (flow.step === 'confirm' && quote.data) {
    return (
      <ConfirmStep
        title={t.confirmTitle}
        statement={format(t.confirmStatement, { amount: formatMoney(quote.data.total) })}
        error={refusal}
        busy={write.busy}
        confirmLabel={t.confirm}
        busyLabel={t.paying}
        backLabel={t.back}
        onConfirm={() => void confirm()}
        onBack={flow.back}
        headingLevel={headingLevel}
      >
        <PayoffFigures quote={quote.data} />
      </ConfirmStep>
    );
  }

  const quoteError = quote.isError ? toApiError(quote.error) : null;
  // A date the provider refuses is the customer's to change: said at the field.
  const dateRefused = quoteError?.code === 'payoff_date_invalid' ? t.dateInvalid : null;
  const fieldMessage = dateProblem ?? dateRefused;
  const isToday = quote.data !== undefined && quote.data.date === todayDate;
  return (
    <section className={styles.panel} aria-labelledby={id} aria-busy={quote.isPending}>
      <Heading id={id} className={styles.title}>
        {t.title}
      </Heading>
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
      {quote.isPending ? (
        <>
          <span className="visually-hidden">{t.loading}</span>
          {showPending ? <Skeleton height="8rem" /> : null}
        </>
      ) : null}
      {quoteError && !dateRefused ? (
        <LoadError message={refusalText(quoteError)} onRetry={() => void quote.refetch()} />
      ) : null}
      {quote.data && !dateProblem ? <PayoffFigures quote={quote.data} /> : null}
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      {quote.data && !isToday ? <p className={styles.hint}>{t.laterNote}</p> : null}
      <div className={styles.actions}>
        {isToday && !dateProblem ? (
          <Button onClick={flow.toConfirm}>{t.payToday}</Button>
        ) : (
          <Button
            onClick={() => {
              setDate(null);
              setTyped('');
              setDateProblem(null);
            }}
            disabled={!todayDate}
          >
            {t.backToToday}
          </Button>
        )}
        <Button variant="secondary" onClick={flow.cancel}>
          {t.cancel}
        </Button>
      </div>
    </section>
  );
}
