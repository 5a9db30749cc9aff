import type { QueryClient } from '@tanstack/react-query';
import { loanLimitQuery, loansQuery, userQuery } from 'shared/query/account-queries';
import { autopayQuery } from '../features/autopay/api/autopay';
import { isOpen } from '../lib/loan-status';
import { prefetchLoans } from './prefetch-on-server';

/**
 * Everything the loans list shows, for the host's server (issue 29): who, their limit, their
 * loans, and each open loan's automatic payment (v1.3), so the browser asks the provider nothing
 * while the page loads (and fetches no API client for it: decision 031).
 */
export async function prefetchLoansOverview(client: QueryClient): Promise<void> {
  await Promise.all([
    client.prefetchQuery(userQuery),
    client.prefetchQuery(loanLimitQuery),
    prefetchLoans(client),
  ]);
  const loans = client.getQueryData(loansQuery.queryKey) ?? [];
  await Promise.all(
    loans.filter(isOpen).map((loan) => client.prefetchQuery(autopayQuery(loan.id))),
  );
}
