/**
 * The loan's regulated figures in Georgian (the consumer-credit disclosure: the effective annual
 * rate and the rest), written once: the calculator's offer, the key-terms sheet and the
 * accepted contract name them alike (shared/ui/loan-figures).
 *
 * A module of its own, not part of `ka`: a slice released with it uses its own copy against a
 * host whose shared predates it (decision 019).
 */
export const kaLoanFigures = {
  amount: 'სესხის თანხა',
  term: 'ვადა',
  months: '{count} თვე',
  monthlyPayment: 'ყოველთვიური გადასახადი',
  totalPayment: 'სულ გადასახდელი',
  totalInterest: 'სულ პროცენტი',
  serviceFee: 'მომსახურების საკომისიო',
  interestRate: 'წლიური საპროცენტო განაკვეთი',
  effectiveRate: 'ეფექტური წლიური განაკვეთი',
} as const;
