import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { useAuthStore } from 'shared/auth/auth-store';
import { queryClient } from 'shared/query/query-client';
import { customer, loans } from '../testing/fixtures';
import { mswServer } from '../testing/msw-server';
import { useLoans, useUser } from './use-account';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

function countRequests(path: string): { count: number } {
  const seen = { count: 0 };
  mswServer.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === path) seen.count += 1;
  });
  return seen;
}

describe('the account queries', () => {
  afterEach(() => mswServer.events.removeAllListeners());

  it('ask nothing for a visitor, and load once a session exists', async () => {
    const details = countRequests('/api/user/details/');
    const { result } = renderHook(() => useUser(), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(details.count).toBe(0);

    act(() => useAuthStore.getState().setSession({ access: 'a', refresh: 'r' }));

    await waitFor(() => expect(result.current.data).toEqual(customer));
    expect(details.count).toBe(1);
  });

  it('keep the loaded answer on screen while reloading and after a failed reload', async () => {
    act(() => useAuthStore.getState().setSession({ access: 'a', refresh: 'r' }));
    // Read in render, as a component does: TanStack re-renders for the fields a render reads.
    const { result } = renderHook(
      () => {
        const { data, isError, refetch } = useLoans();
        return { data, isError, refetch };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toEqual(loans));

    mswServer.use(http.get('*/api/loan/loan/', () => new HttpResponse(null, { status: 500 })));
    await act(() => result.current.refetch());

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toEqual(loans);
  });
});
