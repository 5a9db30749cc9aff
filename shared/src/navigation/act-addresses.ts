/*
 * Addresses at which one slice's link reaches another slice's act (contract v1.4's feed leads
 * each notification to its act). The slice that answers an address reads it from here, and the
 * slice that links to it builds it here, so neither knows the other's code.
 */

/** The home page's query parameter that opens paying a loan: the link is the first press. */
export const PAY_LOAN_PARAM = 'pay';

/** Paying a loan: its repayment form opens where the loan is paid (next payment or overdue). */
export const payLoanPath = (loan: number): string => `/?${PAY_LOAN_PARAM}=${loan}`;

/** The overdue notice's id on the home page, with the overdue total. */
export const OVERDUE_ID = 'overdue';
export const OVERDUE_PATH = `/#${OVERDUE_ID}`;

/** A loan's card among the customer's loans. */
export const loanId = (loan: number): string => `loan-${loan}`;
export const loanPath = (loan: number): string => `/#${loanId(loan)}`;

/** A card payment's outcome and receipt, where the bank sends the customer back (v1.3). */
export const receiptPath = (order: number): string => `/payment?order=${order}`;

/** The customer's complaints and their answers (v1.2). */
export const COMPLAINTS_PATH = '/complaints';
