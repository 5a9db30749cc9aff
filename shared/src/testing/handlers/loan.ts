import { HttpResponse, http } from 'msw';
import {
  calculationFor,
  calculatorBounds,
  loanLimit,
  loans,
  PAYOFF_TODAY,
  payoffQuote,
  withdrawalQuote,
} from '../fixtures';
import { sessionHeld } from '../session';

/** The host's server authorises a call with the session the browser holds (testing/session). */
function authorized(_request: Request): boolean {
  return sessionHeld();
}

const notFound = () =>
  HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });

const notAuthenticated = () =>
  HttpResponse.json(
    { detail: 'ავტორიზაციის მონაცემები არ არის მოწოდებული.', code: 'not_authenticated' },
    { status: 401 },
  );

/**
 * GET /api/loan/calculator as the contract says: the product's bounds for a visitor, narrowed
 * by the fixture limit for a customer, and DRF field messages for anything outside them.
 */
const calculator = http.get('*/api/loan/calculator', ({ request }) => {
  const url = new URL(request.url);
  const amount = Number(url.searchParams.get('amount'));
  const term = Number(url.searchParams.get('term'));
  const bounds = calculatorBounds(authorized(request) ? loanLimit : null);
  const errors: Record<string, string[]> = {};
  if (!(amount >= Number(bounds.min_amount) && amount <= Number(bounds.max_amount))) {
    errors.amount = [`თანხა უნდა იყოს ${bounds.min_amount}-დან ${bounds.max_amount} ლარამდე.`];
  }
  if (!bounds.terms.includes(term)) errors.term = ['ასეთი ვადა არ არის ხელმისაწვდომი.'];
  if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
  return HttpResponse.json(calculationFor(amount, term, bounds));
});

/** The provider's loan area. */
export const loanHandlers = [
  calculator,
  // Nothing overdue: the contract's 404.
  http.get('*/api/loan/overdue_loan_application/', ({ request }) =>
    authorized(request)
      ? HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 })
      : notAuthenticated(),
  ),
  // A customer with no application yet; tests that need one answer their own list.
  http.get('*/api/loan/loan_application/', ({ request }) =>
    authorized(request) ? HttpResponse.json([]) : notAuthenticated(),
  ),
  http.get('*/api/loan/loan/', ({ request }) =>
    authorized(request) ? HttpResponse.json(loans) : notAuthenticated(),
  ),
  // v1.1: a payoff quote of the fixtures' open loan, for the day asked (today by default).
  http.get('*/api/loan/loan/:id/payoff/', ({ request, params }) => {
    if (!authorized(request)) return notAuthenticated();
    const date = new URL(request.url).searchParams.get('date') ?? PAYOFF_TODAY;
    return HttpResponse.json({ ...payoffQuote, loan: Number(params.id), date });
  }),
  http.get('*/api/loan/loan/:id/withdrawal/', ({ request, params }) =>
    authorized(request)
      ? HttpResponse.json({ ...withdrawalQuote, loan: Number(params.id) })
      : notAuthenticated(),
  ),
  // v1.3: a provider that takes payments on the bank's page, and no order yet; a test of a
  // provider without v1.3 answers this 404.
  http.get('*/api/loan/payment_orders/', ({ request }) =>
    authorized(request) ? HttpResponse.json([]) : notAuthenticated(),
  ),
  // Automatic payment is off the loan card unless a test answers its own (a 404 reads as a
  // provider without it), so the loan card's other tests see the card as before.
  http.get('*/api/loan/loan/:id/autopay/', ({ request }) =>
    authorized(request) ? notFound() : notAuthenticated(),
  ),
];
