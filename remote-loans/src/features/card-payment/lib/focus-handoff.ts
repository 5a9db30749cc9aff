/*
 * Where the focus goes when a press ends in the loan's open order instead of the bank's page
 * (`payment_in_progress`, a bank's address the page will not follow): the confirmation that
 * held it is replaced by the open order, whose heading then takes it. Only then: an open order
 * on a page just opened never takes the focus from where the page starts.
 */

let handedTo: number | null = null;

/** The next open order of this loan to appear takes the focus. */
export function handFocusToOpenOrder(loanId: number): void {
  handedTo = loanId;
}

/** Whether this loan's open order, appearing now, takes the focus (once). */
export function takesFocus(loanId: number): boolean {
  if (handedTo !== loanId) return false;
  handedTo = null;
  return true;
}
