import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

/**
 * The customer's unread notifications (contract v1.4): the header shows their number and the
 * account slice's feed changes it (its mark-as-read answers with the same shape), so the
 * schema is shared.
 */
export const unreadCountSchema = z.object({ unread: z.int().check(z.nonnegative()) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** GET /api/user/notifications/unread_count/; a provider without v1.4 answers 404. */
export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return requestJson(unreadCountSchema, {
    method: 'GET',
    url: '/api/user/notifications/unread_count/',
    signal,
  });
}
