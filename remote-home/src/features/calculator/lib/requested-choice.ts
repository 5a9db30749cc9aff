import type { LoanRequest } from 'shared/stores/loan-request-store';
import {
  type Bounds,
  clampLari,
  lariToMoney,
  pickTerm,
  readTypedAmount,
  VISITOR_START,
} from './amount';

/** What the page's address asks for (`?amount=1500&term=12`): the form sent without JavaScript. */
export interface RequestedChoice {
  lari: number;
  term: number | undefined;
}

/** The amount and term the address names, or undefined when it names no amount in digits. */
export function readRequestedChoice(search: URLSearchParams): RequestedChoice | undefined {
  const read = readTypedAmount(search.get('amount') ?? '');
  if (!read || read.lari === null) return undefined;
  const term = Number(search.get('term'));
  return { lari: read.lari, term: Number.isSafeInteger(term) && term > 0 ? term : undefined };
}

/**
 * The choice brought inside the product's bounds, as leaving the amount field would bring it:
 * an address asks for nothing the provider would refuse.
 */
export function choiceWithin(requested: RequestedChoice, bounds: Bounds): LoanRequest {
  return {
    amount: lariToMoney(clampLari(requested.lari, bounds)),
    term: pickTerm(requested.term ?? VISITOR_START.term, bounds.terms),
  };
}
