import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toApiError } from 'shared/api/api-error';
import type { Loan } from 'shared/api/loan/loans';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { formatDate, formatMoney } from 'shared/lib/money';
import { useWrite } from 'shared/query/use-write';
import { format } from 'shared/strings/ka';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { OnDemand } from '../../../components/on-demand';
import { isOpen } from '../../../lib/loan-status';
import { refusalText } from '../../../lib/refusal';
import { type Autopay, autopayQuery, setAutopay } from '../api/autopay';
import { kaAutopayCard as t } from '../ka-autopay-card';
import styles from './autopay.module.css';
import { autopayTerms } from './autopay-terms-on-demand';
import { CardLabel } from './card-label';
import { type DeclinedCharge, FailedAutopay } from './failed-autopay';

type Focus = 'trigger' | 'on';

/** Turns the loan's automatic payment on (a card's id) or off (null); the answer is its state. */
function useSetAutopay(loanId: number) {
  const queryClient = useQueryClient();
  return useWrite({
    mutationKey: ['account', 'autopay', loanId, 'set'],
    mutationFn: (card: number | null) => setAutopay(loanId, card),
    onSuccess: (saved) => queryClient.setQueryData(autopayQuery(loanId).queryKey, saved),
  });
}

/**
 * The loan's automatic payment: off, a button that opens its terms, and "turn on" after them;
 * on, the card and the next charge, and "turn off" in one step. Each change is said in a status
 * message, a refusal beside it in Georgian.
 */
function AutopayControl({ loan, autopay }: { loan: Loan; autopay: Autopay }) {
  const [reading, setReading] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const write = useSetAutopay(loan.id);
  const titleId = useId();
  const termsHeading = useRef<HTMLHeadingElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const onLine = useRef<HTMLParagraphElement>(null);
  // Where the focus goes once the element it goes to is on screen: the provider's answer
  // reaches the cache (and the page) a moment after the write resolves.
  const focusNext = useRef<Focus | null>(null);
  useEffect(() => {
    const targets = { trigger, on: onLine };
    const target = focusNext.current ? targets[focusNext.current].current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  const change = (card: number | null) => {
    setSaid(null);
    setRefusal(null);
    write.send(card).then(
      (saved) => {
        if (!saved) return;
        setReading(false);
        setSaid(saved.card ? t.turnedOn : t.turnedOff);
        focusNext.current = saved.card ? 'on' : 'trigger';
      },
      (error: unknown) => setRefusal(refusalText(toApiError(error))),
    );
  };

  const card = autopay.card;
  return (
    <section className={styles.autopay} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.title}>
        {t.title}
      </h4>
      {card ? (
        <>
          <p ref={onLine} tabIndex={-1}>
            {t.onWithCard} <CardLabel card={card} />
          </p>
          {autopay.next_charge ? (
            <p>
              {format(t.onNext, {
                date: formatDate(autopay.next_charge.date),
                amount: formatMoney(autopay.next_charge.amount),
              })}
            </p>
          ) : null}
          <div>
            <Button variant="secondary" disabled={write.busy} onClick={() => change(null)}>
              {t.turnOff}
            </Button>
          </div>
        </>
      ) : reading ? (
        <OnDemand
          part={autopayTerms}
          props={{
            loan,
            autopay,
            headingRef: termsHeading,
            busy: write.busy,
            onAgree: change,
            onClose: () => {
              setRefusal(null);
              setReading(false);
              focusNext.current = 'trigger';
            },
          }}
        />
      ) : (
        <>
          <p className={styles.meta}>{t.offHint}</p>
          <div>
            <Button
              ref={trigger}
              variant="secondary"
              {...autopayTerms.intent}
              onClick={() => {
                setSaid(null);
                setReading(true);
              }}
            >
              {t.turnOn}
            </Button>
          </div>
        </>
      )}
      {write.busy ? (
        <p role="status" className={styles.meta}>
          {t.saving}
        </p>
      ) : null}
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      {said && !write.busy ? <Alert tone="success">{said}</Alert> : null}
    </section>
  );
}

/**
 * A loan's automatic payment and its last failed automatic charge, on the loan's card, for an
 * open loan and a provider with contract v1.3 (GET …/autopay/ answers 200; a 404 or any
 * failure leaves the card as it was: nothing here is needed to pay). The failed charge is the
 * card payment's to know (the loan's orders): the page that shows the loan passes it in.
 */
export function LoanAutopay({ loan, failed }: { loan: Loan; failed?: DeclinedCharge | undefined }) {
  const loggedIn = useLoggedIn();
  const open = isOpen(loan);
  const autopay = useQuery({ ...autopayQuery(loan.id), enabled: loggedIn && open });
  if (!open) return null;
  return (
    <>
      {failed ? <FailedAutopay charge={failed} /> : null}
      {autopay.data ? <AutopayControl loan={loan} autopay={autopay.data} /> : null}
    </>
  );
}
