import { useEffect, useRef } from 'react';
import { setUnreadCount } from 'shared/query/unread-count';
import { markRead, type Notification } from '../api/notifications';

/** The contract's most ids in one mark-as-read. */
const MOST_IDS = 100;

/**
 * Notifications are read when the feed shows them: each unread one shown is marked read once
 * (the header's count follows the provider's answer). A failure is left for the next opening:
 * the customer has seen them, and the count says what the provider still thinks.
 */
export function useReadWhenShown(shown: readonly Notification[]): void {
  const sent = useRef(new Set<number>());
  useEffect(() => {
    const ids = shown
      .filter((each) => each.read_at === null && !sent.current.has(each.id))
      .map((each) => each.id);
    for (let start = 0; start < ids.length; start += MOST_IDS) {
      const batch = ids.slice(start, start + MOST_IDS);
      for (const id of batch) sent.current.add(id);
      markRead({ ids: batch }).then(setUnreadCount, () => {
        for (const id of batch) sent.current.delete(id);
      });
    }
  }, [shown]);
}
