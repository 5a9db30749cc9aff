import type { QueryClient } from '@tanstack/react-query';
import { loanLimitQuery, userQuery } from 'shared/query/account-queries';
import { prefetchLoans } from '../../overdue/api/prefetch-on-server';

/** Everything the loans list shows, for the host's server (issue 29): who, their limit, their loans. */
export async function prefetchLoansOverview(client: QueryClient): Promise<void> {
  await Promise.all([
    client.prefetchQuery(userQuery),
    client.prefetchQuery(loanLimitQuery),
    prefetchLoans(client),
  ]);
}
