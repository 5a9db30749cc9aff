import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Calculation, calculationQuery } from 'shared/api/loan/calculator';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { formatMoney } from 'shared/lib/money';
import { useDelayedFlag } from 'shared/lib/use-delayed-flag';
import { useLocation } from 'shared/navigation/router';
import { loanLimitQuery } from 'shared/query/account-queries';
import { useLoanLimit } from 'shared/query/use-account';
import { type LoanRequest, useLoanRequestStore } from 'shared/stores/loan-request-store';
import { useUiStore } from 'shared/stores/ui-store';
import { format } from 'shared/strings/ka';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { Skeleton } from 'shared/ui/skeleton';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { kaCalculator as t } from '../ka-calculator';
import {
  boundsOf,
  lariToMoney,
  pickTerm,
  startWithinLimit,
  VISITOR_START,
  wholeLari,
} from '../lib/amount';
import { choiceWithin, readRequestedChoice } from '../lib/requested-choice';
import { AmountControl } from './amount-control';
import { CalculationFigures, RepaymentSchedule } from './calculation-figures';
import styles from './calculator.module.css';
import { TermChoice } from './term-choice';

/** One call for a burst of slider moves or keystrokes. */
export const CALCULATOR_DEBOUNCE_MS = 300;

/** The product's bounds as a visitor's first answer gives them. */
const startQuery = () => calculationQuery(VISITOR_START, false);

/**
 * The choice the page's address names (the form sent without JavaScript), inside the
 * product's bounds: `pending` while those bounds are not known yet.
 */
function useRequestedChoice(enabled: boolean): { pending: boolean; choice?: LoanRequest } {
  const { search } = useLocation();
  const requested = enabled ? readRequestedChoice(new URLSearchParams(search)) : undefined;
  const start = useQuery({ ...startQuery(), enabled: requested !== undefined });
  if (!requested) return { pending: false };
  if (!start.data) return { pending: !start.isError };
  return { pending: false, choice: choiceWithin(requested, boundsOf(start.data)) };
}

/**
 * The choice the calculator shows. A visitor's is their own, or the one the address names,
 * or the product's start; a customer's is brought inside their loan limit, so the first call
 * is one the provider accepts. Undefined while a customer's limit is still loading.
 */
function useChoice(): LoanRequest | undefined {
  const customer = useLoggedIn();
  const stored = useLoanRequestStore((state) => state.draft);
  const requested = useRequestedChoice(!customer && !stored);
  const draft = stored ?? requested.choice ?? VISITOR_START;
  const limit = useLoanLimit();
  if (!customer) return requested.pending ? undefined : draft;
  // Spec §7: a failed limit is ignored; the provider's answer then bounds the choice.
  if (limit.isPending && limit.fetchStatus !== 'idle') return undefined;
  return startWithinLimit(draft, limit.data);
}

/** A visitor who pressed "apply" and then logged in goes on to the application. */
function useApplyAfterLogin(choice: LoanRequest | undefined) {
  const customer = useLoggedIn();
  const waiting = useLoanRequestStore((state) => state.applyAfterLogin);
  const submitRequest = useLoanRequestStore((state) => state.submitRequest);
  const showApplication = useUiStore((state) => state.setActiveLoanComponent);
  useEffect(() => {
    if (!customer || !waiting || !choice) return;
    submitRequest(choice);
    showApplication('application');
  }, [customer, waiting, choice, submitRequest, showApplication]);
}

/**
 * The figures a visitor's page opens with, asked for by the host's server before it renders
 * the calculator (decision 020): the product's start, and the choice the address names.
 */
export async function prefetchOnServer(client: QueryClient, search: URLSearchParams) {
  const requested = readRequestedChoice(search);
  const start = await client.fetchQuery(startQuery());
  if (!requested) return;
  await client.prefetchQuery(calculationQuery(choiceWithin(requested, boundsOf(start)), false));
}

/**
 * The figures a customer's page opens with (issue 29), asked with their session by the host's
 * server: the product's start brought inside their limit, which the page has already asked for
 * (seeded, not asked again). A limit that failed rejects: the browser's calculator then decides
 * without it (spec §7), and the server leaves the slot to it.
 */
export async function prefetchCustomerOnServer(client: QueryClient): Promise<void> {
  const limit = await client.ensureQueryData(loanLimitQuery);
  await client.prefetchQuery(calculationQuery(startWithinLimit(VISITOR_START, limit), true));
}

/** What the status line says of figures that are not for the amount in the field. */
function figuresNote({
  amountValid,
  updating,
  calculation,
}: {
  amountValid: boolean;
  updating: boolean;
  calculation: Calculation;
}): string {
  if (!amountValid) {
    return format(t.figuresFor, {
      amount: formatMoney(calculation.amount),
      term: format(t.months, { count: calculation.term }),
    });
  }
  return updating ? t.updating : '';
}

function CalculatorSkeleton() {
  return (
    <div className={`${styles.body} ${styles.pendingBody}`} aria-hidden="true">
      <div className={styles.inputs}>
        <Skeleton height="7.5rem" />
        <Skeleton height="4.5rem" />
      </div>
      <div className={styles.results}>
        <Skeleton height="5rem" />
        <Skeleton height="11rem" />
      </div>
    </div>
  );
}

/**
 * The loan calculator: amount and term in, the provider's offer out. The last answer stays
 * on screen while the next loads, marked at once as not yet the figures for what is chosen
 * (the debounce, the call, an amount outside the bounds being typed); a failure keeps the
 * last good figures beside a Georgian error and a retry.
 */
export default function LoanCalculator() {
  const customer = useLoggedIn();
  const choice = useChoice();
  const setDraft = useLoanRequestStore((state) => state.setDraft);
  const submitRequest = useLoanRequestStore((state) => state.submitRequest);
  const holdUntilLogin = useLoanRequestStore((state) => state.holdUntilLogin);
  const requestLogin = useUiStore((state) => state.requestLogin);
  const showApplication = useUiStore((state) => state.setActiveLoanComponent);
  useApplyAfterLogin(choice);
  // An amount typed outside the bounds is not asked for: the field says so, and the figures
  // on screen are for the amount before it.
  const [amountValid, setAmountValid] = useState(true);

  const amount = useDebouncedValue(choice?.amount, CALCULATOR_DEBOUNCE_MS);
  const asked = choice && amount ? { amount, term: choice.term } : undefined;
  const query = useQuery({
    ...calculationQuery(asked ?? VISITOR_START, customer),
    // Spec §5: the calculator is called only when an amount is present.
    enabled: asked !== undefined,
  });

  // The last good answer stays on screen through a failed call.
  const lastGood = useRef<Calculation | undefined>(undefined);
  if (query.isSuccess && !query.isPlaceholderData) lastGood.current = query.data;
  const shown = query.data ?? lastGood.current;
  // Figures for what is chosen: asked for (the debounce is over) and answered for that.
  const current =
    amountValid &&
    amount === choice?.amount &&
    query.isSuccess &&
    !query.isPlaceholderData &&
    !query.isFetching;
  const updating = useDelayedFlag(query.isFetching && shown !== undefined);
  // The choice as of the last change, so two changes before the next render (the amount and
  // the term a customer set on the server's page, taken over together) both count. Caught up
  // in a layout effect: before the fields' own effects, which make those changes.
  const latest = useRef(choice);
  useLayoutEffect(() => {
    latest.current = choice;
  }, [choice]);

  if (!choice || !shown) {
    return (
      <section className={styles.calculator} aria-labelledby="calculator-title" aria-busy="true">
        <h2 id="calculator-title" className={styles.title}>
          {t.title}
        </h2>
        {query.isError ? (
          <LoadError
            message={`${t.error} ${query.error.message}`}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <CalculatorSkeleton />
        )}
      </section>
    );
  }

  const bounds = boundsOf(shown);
  const change = (next: Partial<LoanRequest>) => {
    const merged = { ...choice, ...latest.current, ...next };
    latest.current = merged;
    setDraft(merged);
  };

  const apply = () => {
    if (customer) {
      submitRequest(choice);
      showApplication('application');
    } else {
      holdUntilLogin(choice);
      requestLogin();
    }
  };

  return (
    <section
      className={styles.calculator}
      aria-labelledby="calculator-title"
      aria-busy={query.isFetching}
    >
      <h2 id="calculator-title" className={styles.title}>
        {t.title}
      </h2>
      {/* A real form: without JavaScript (or before it arrives) the server answers its
          GET with the figures; with it, the figures follow every change. */}
      <form
        className={styles.body}
        method="get"
        action="/"
        onSubmit={(event: FormEvent) => event.preventDefault()}
      >
        <div className={styles.inputs}>
          <AmountControl
            value={wholeLari(choice.amount, 'down')}
            bounds={bounds}
            onChange={(lari) => change({ amount: lariToMoney(lari) })}
            onValidity={setAmountValid}
          />
          <TermChoice
            terms={bounds.terms}
            value={pickTerm(choice.term, bounds.terms)}
            onChange={(term) => change({ term })}
          />
          {/* Without JavaScript the form needs a button; before it arrives, Enter in the
              amount field sends the form, and nothing moves when the script takes over. */}
          <noscript>
            <Button type="submit" variant="secondary" className={styles.calculate}>
              {t.calculate}
            </Button>
          </noscript>
        </div>
        <div className={styles.results} data-stale={current ? undefined : true}>
          <CalculationFigures calculation={shown} />
          <p className={styles.updating} role="status">
            {figuresNote({ amountValid, updating, calculation: shown })}
          </p>
          {query.isError ? (
            <div className={styles.error}>
              <LoadError
                message={`${t.error} ${query.error.message}`}
                onRetry={() => void query.refetch()}
              />
              <p className={styles.hint}>{t.lastFigures}</p>
            </div>
          ) : null}
          <Button className={styles.apply} onClick={apply}>
            {t.apply}
          </Button>
          {customer ? null : <p className={styles.hint}>{t.applyHint}</p>}
          <RepaymentSchedule calculation={shown} />
          <p className={styles.disclaimer}>{t.disclaimer}</p>
        </div>
      </form>
    </section>
  );
}
