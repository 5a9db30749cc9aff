// @vitest-environment node
import { readsPath, slotReads } from './slot-reads';

describe('what a slot may read of the provider for a customer’s page', () => {
  const loans = new Set(slotReads('remote_loans/LoansOverview'));

  it('lets the loans list read each open loan’s automatic payment, by the loan’s id', () => {
    expect(readsPath(loans, '/api/loan/loan/7/autopay/')).toBe(true);
    expect(readsPath(loans, '/api/loan/loan/123456/autopay/')).toBe(true);
  });

  it('refuses another part of a loan, a path that only looks alike, and another slot’s shape', () => {
    expect(readsPath(loans, '/api/loan/loan/7/payments/')).toBe(false);
    expect(readsPath(loans, '/api/loan/loan/7/autopay/extra/')).toBe(false);
    expect(readsPath(loans, '/api/loan/loan/x7/autopay/')).toBe(false);
    expect(readsPath(loans, '/api/loan/loan/%7Bid%7D/autopay/')).toBe(false);
    const notice = new Set(slotReads('remote_loans/NextPayment'));
    expect(readsPath(notice, '/api/loan/loan/7/autopay/')).toBe(false);
  });

  it('reads listed paths as they are', () => {
    expect(readsPath(loans, '/api/loan/payment_orders/')).toBe(true);
    expect(readsPath(loans, '/api/user/cards/')).toBe(false);
  });
});
