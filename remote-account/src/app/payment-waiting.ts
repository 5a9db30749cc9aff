/**
 * Whether the login was asked on the way back from the bank: the host's `auth` middleware sends
 * a visitor to `/?login=1&next=<where they were going>`, and the bank returns a customer to the
 * loans slice's `/payment?order=<id>` (contract v1.3), whatever became of their session there.
 * Only the address is read: a login never trusts it for more than these words.
 */
export function paymentWaiting(search: string): boolean {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/payment?')) return false;
  const order = new URLSearchParams(next.slice('/payment?'.length)).get('order');
  return order !== null && /^[1-9]\d{0,15}$/.test(order);
}
