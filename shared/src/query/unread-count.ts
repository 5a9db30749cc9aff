import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiError } from 'shared/api/api-error';
import {
  fetchUnreadCount,
  type UnreadCount,
  unreadCountSchema,
} from 'shared/api/user/notification-count';
import { useAuthStore } from 'shared/auth/auth-store';
import { useLoggedIn } from 'shared/auth/use-logged-in';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';

/*
 * The unread count (contract v1.4), one cache entry for the host's header and the account
 * slice's feed. The contract allows the client one ask a minute: the count is fresh for a
 * minute, asked again each minute while the page is visible and when it comes back into view,
 * never while hidden. Tabs agree: a tab that learns a count tells the others, which take it
 * as their own fresh answer (so several tabs together still ask about once a minute).
 */

/** At most one ask a minute (contract v1.4). */
export const UNREAD_POLL_MS = 60_000;

export const UNREAD_CHANNEL = 'online-loan:notifications';

let channel: BroadcastChannel | null | undefined;

function countChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    // A page only: a render worker's channel would reach the other workers of its process.
    const inPage = typeof document !== 'undefined' && typeof BroadcastChannel !== 'undefined';
    channel = inPage ? new BroadcastChannel(UNREAD_CHANNEL) : null;
    // Node (tests) would otherwise stay alive for the channel.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

/** Under `account`: cleared with the session, as the rest of the customer's data. */
const unreadCountKey = [...accountKeys.all, 'notifications', 'unread'] as const;

export const unreadCountQuery = queryOptions({
  queryKey: unreadCountKey,
  queryFn: async ({ signal }) => {
    const answer = await fetchUnreadCount(signal);
    countChannel()?.postMessage(answer);
    return answer;
  },
  staleTime: UNREAD_POLL_MS,
});

/** A provider without contract v1.4: no count, no feed, no choices, and nothing asked again. */
export function withoutNotifications(error: ApiError | null | undefined): boolean {
  return error?.status === 404;
}

/** A count this tab learned otherwise (the feed's mark-as-read answer): shown, and told. */
export function setUnreadCount(answer: UnreadCount): void {
  queryClient.setQueryData(unreadCountKey, answer);
  countChannel()?.postMessage(answer);
}

let listeners = 0;

/** Another tab's count, checked like any answer, becomes this tab's while a session exists. */
function takeOtherTabsCount(event: MessageEvent): void {
  const answer = unreadCountSchema.safeParse(event.data);
  if (!answer.success || useAuthStore.getState().status !== 'logged-in') return;
  queryClient.setQueryData(unreadCountKey, answer.data);
}

function useOtherTabsCounts(): void {
  useEffect(() => {
    const shared = countChannel();
    if (!shared) return;
    listeners += 1;
    if (listeners === 1) shared.addEventListener('message', takeOtherTabsCount);
    return () => {
      listeners -= 1;
      if (listeners === 0) shared.removeEventListener('message', takeOtherTabsCount);
    };
  }, []);
}

type CountQuery = Query<UnreadCount, ApiError, UnreadCount, typeof unreadCountKey>;

const stillOffered = (query: CountQuery) => !withoutNotifications(query.state.error);

/** The customer's unread count, kept current while the page is in view. */
export function useUnreadCount() {
  useOtherTabsCounts();
  return useQuery({
    ...unreadCountQuery,
    enabled: useLoggedIn(),
    refetchInterval: (query) => (stillOffered(query) ? UNREAD_POLL_MS : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: stillOffered,
  });
}
