import { useEffect } from 'react';
import { useLoans } from 'shared/query/use-account';
import { useInRouter } from '../hooks/use-in-router';
import { usePayLink } from '../hooks/use-pay-link';
import { type PayPlace, payPlaceOf } from '../lib/pay-place';

interface PayLinkAnswerProps {
  /** The place answering: it opens the loans paid first there. */
  place: PayPlace;
  /** Whether the place can open the loan's payment now, or undefined while it cannot tell. */
  canOpen: (loan: number) => boolean | undefined;
  /** Opens the loan's payment as a press of its pay button does. */
  open: (loan: number) => void;
}

type Verdict = 'wait' | 'elsewhere' | 'open' | 'nothing';

/**
 * Answers a pay link (`/?pay=<loan>`, the first press towards paying from a notification):
 * once the loans are known, the place where the loan is paid first opens its payment; a loan
 * paid nowhere (repaid, unknown) or with a payment on its way opens nothing. Either way the
 * param leaves the address, and a loan paid first in another place is left to that place.
 */
export function PayLinkAnswer(props: PayLinkAnswerProps) {
  return useInRouter() ? <Answer {...props} /> : null;
}

function Answer({ place, canOpen, open }: PayLinkAnswerProps) {
  const { loan, answered } = usePayLink();
  const loans = useLoans();

  let verdict: Verdict = 'wait';
  if (loan !== null && !loans.isPending) {
    // Loans that failed to load pay nowhere: their section says so, with its retry.
    const paidFirst = payPlaceOf(loans.data ?? [], loan);
    if (paidFirst === null) verdict = 'nothing';
    else if (paidFirst !== place) verdict = 'elsewhere';
    else {
      const can = canOpen(loan);
      verdict = can === undefined ? 'wait' : can ? 'open' : 'nothing';
    }
  }

  useEffect(() => {
    if (loan === null || verdict === 'wait' || verdict === 'elsewhere') return;
    if (verdict === 'open') open(loan);
    answered();
  }, [loan, verdict, open, answered]);
  return null;
}
