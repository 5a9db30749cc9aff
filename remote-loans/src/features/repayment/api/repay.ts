import { type Loan, loanSchema } from 'shared/api/loan/loans';
import { requestJson } from 'shared/api/request-json';

/**
 * POST /api/loan/loan/{id}/repay/ with a decimal string: the provider takes the accrued
 * penalty first, then the rows in date order, and answers the loan as it now stands. A closed
 * loan (repaid or withdrawn) answers 400 `loan_closed` (v1.1); an amount over what is owed
 * answers 400 with a field message for `amount`.
 */
export function repayLoan(id: number, amount: string): Promise<Loan> {
  return requestJson(loanSchema, {
    method: 'POST',
    url: `/api/loan/loan/${id}/repay/`,
    data: { amount },
  });
}
