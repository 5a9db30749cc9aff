import type { RemoteModuleId } from 'release-contract/remotes';

/*
 * What each part of a customer's page may read of the provider with their session (decision
 * 032): the page server answers a worker's read only when it is one of these paths for the part
 * it asked that worker for. A slice's worker thus reads what its own slots show on that page,
 * nothing of a page where it renders nothing, and never another slice's data.
 */

/** The account a customer's page is decided by: read by the host's worker. */
export const ACCOUNT_READS: ReadonlySet<string> = new Set([
  '/api/user/details/',
  '/api/user/user/loan_limit/',
  '/api/loan/loan/',
  // v1.4: the header's unread count, in the customer's first HTML.
  '/api/user/notifications/unread_count/',
]);

/** A customer's slot rendered with their data, and the paths its prefetch reads. */
const SLOT_READS: Partial<Record<RemoteModuleId, readonly string[]>> = {
  // The product's start within their limit (the limit is the page's, read again if it failed).
  'remote_home/LoanCalculator': ['/api/loan/calculator', '/api/user/user/loan_limit/'],
  // v1.3: a payment on its way, a failed automatic charge (the orders list).
  'remote_loans/OverdueNotice': [
    '/api/loan/loan/',
    '/api/loan/overdue_loan_application/',
    '/api/loan/payment_orders/',
  ],
  'remote_loans/NextPayment': ['/api/loan/loan/', '/api/loan/payment_orders/'],
  'remote_loans/LoansOverview': [
    '/api/user/details/',
    '/api/user/user/loan_limit/',
    '/api/loan/loan/',
    '/api/loan/overdue_loan_application/',
    '/api/loan/payment_orders/',
    // v1.3: each open loan's automatic payment, on its card.
    '/api/loan/loan/{id}/autopay/',
  ],
};

/** The provider's paths a slot may read for a customer's page (none: it reads nothing). */
export function slotReads(slot: RemoteModuleId): readonly string[] {
  return SLOT_READS[slot] ?? [];
}

/** A path's shape with each number segment as `{id}`: `/api/loan/loan/7/autopay/` → `…/{id}/…`. */
const shapeOf = (pathname: string) => pathname.replace(/\/\d{1,12}(?=\/)/g, '/{id}');

/**
 * Whether a part may read a path: listed as it is, or as its shape (a loan's own part, where a
 * customer's page reads one per loan). Nothing else about the path varies.
 */
export function readsPath(reads: ReadonlySet<string>, pathname: string): boolean {
  return reads.has(pathname) || (!pathname.includes('{') && reads.has(shapeOf(pathname)));
}
