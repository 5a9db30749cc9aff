/**
 * The loan card's own pay button, marked so that another part of the same card (a failed
 * automatic payment's "pay now") reaches it without either owning the other's state. A mark,
 * not an id: the first screen's next payment shows a pay button of the same loan too.
 */
export const PAY_ACTION = { 'data-pay-action': '' } as const;

/** Opens the pay action of the loan card that holds `from`, as its button would, focused. */
export function openPayActionNear(from: Element): void {
  const button = from.closest('li')?.querySelector('button[data-pay-action]');
  if (!(button instanceof HTMLButtonElement)) return;
  button.focus();
  button.click();
}
