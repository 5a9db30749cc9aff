/**
 * Sends the customer to another page in the same tab (the bank's, or the return page for an
 * order already with the bank). Called from handlers only; its own module so a test can watch
 * where the page would go.
 */
export function leavePage(address: string): void {
  window.location.assign(address);
}

/** The return page of the loans slice: the bank adds `order=<id>` (host route `/payment`). */
export const RETURN_PATH = '/payment';

/** The return page's address for an order, on this site. */
export const outcomePath = (orderId: number) => `${RETURN_PATH}?order=${orderId}`;
