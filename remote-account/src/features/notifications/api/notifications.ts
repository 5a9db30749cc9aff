import { infiniteQueryOptions } from '@tanstack/react-query';
import { isoDateSchema, moneySchema, timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import { type UnreadCount, unreadCountSchema } from 'shared/api/user/notification-count';
import { accountKeys } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';

/**
 * A notification (contract v1.4). `kind` stays a string: a provider may add kinds, which the
 * feed shows in the provider's own words. `title` and `body` are plain text, never HTML.
 */
export const notificationSchema = z.object({
  id: z.int(),
  kind: z.string().check(z.minLength(1)),
  created_at: timestampSchema,
  read_at: z.nullable(timestampSchema),
  loan: z.nullable(z.int()),
  order: z.nullable(z.int()),
  amount: z.nullable(moneySchema),
  date: z.nullable(isoDateSchema),
  title: z.string(),
  body: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const feedPageSchema = z.object({
  results: z.array(notificationSchema),
  has_more: z.boolean(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/** GET /api/user/notifications/: twenty at most, newest first; `before` an id for older ones. */
export function fetchNotifications(before: number | null, signal?: AbortSignal): Promise<FeedPage> {
  return requestJson(feedPageSchema, {
    method: 'GET',
    url: '/api/user/notifications/',
    params: before === null ? undefined : { before },
    signal,
  });
}

/** POST /api/user/notifications/read/: these (1 to 100 of the customer's), or all of them. */
export function markRead(which: { ids: number[] } | { all: true }): Promise<UnreadCount> {
  return requestJson(unreadCountSchema, {
    method: 'POST',
    url: '/api/user/notifications/read/',
    data: which,
  });
}

/** Under `account`: cleared with the session. */
export const feedQuery = infiniteQueryOptions({
  queryKey: [...accountKeys.all, 'notifications', 'feed'] as const,
  queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
  initialPageParam: null as number | null,
  getNextPageParam: (last: FeedPage) => (last.has_more ? (last.results.at(-1)?.id ?? null) : null),
});
