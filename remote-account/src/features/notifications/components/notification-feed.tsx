import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { setUnreadCount, useUnreadCount } from 'shared/query/unread-count';
import { useWrite } from 'shared/query/use-write';
import { Alert } from 'shared/ui/alert';
import { Button } from 'shared/ui/button';
import { LoadError } from 'shared/ui/load-error';
import { feedQuery, markRead } from '../api/notifications';
import { kaNotifications as t } from '../ka-notifications';
import styles from './notification-feed.module.css';
import { NotificationItem } from './notification-item';
import { useReadWhenShown } from './use-read-when-shown';

/** "Mark all as read": the header's count follows the answer, and the feed shows none as new. */
function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useWrite({
    mutationKey: ['account', 'notifications', 'read-all'],
    mutationFn: () => markRead({ all: true }),
    onSuccess: (answer) => {
      setUnreadCount(answer);
      const now = new Date().toISOString();
      queryClient.setQueryData(feedQuery.queryKey, (feed) =>
        feed
          ? {
              ...feed,
              pages: feed.pages.map((page) => ({
                ...page,
                results: page.results.map((each) => ({ ...each, read_at: each.read_at ?? now })),
              })),
            }
          : feed,
      );
    },
  });
}

/** New notifications arrived while the feed is open (the count rose): the feed asks again. */
function useNewOnesShown(unread: number | undefined, refetch: () => unknown) {
  const last = useRef(unread);
  useEffect(() => {
    const rose = unread !== undefined && last.current !== undefined && unread > last.current;
    last.current = unread;
    if (rose) void refetch();
  }, [unread, refetch]);
}

/**
 * The customer's notifications (contract v1.4), in the account panel the header's button
 * opens: newest first, twenty at a time with older ones on request, each read when shown and
 * leading to its act. Loaded with the panel, never with the page.
 */
export function NotificationFeed({ onFollow }: { onFollow: () => void }) {
  const feed = useInfiniteQuery(feedQuery);
  const unread = useUnreadCount().data?.unread;
  const markAll = useMarkAllRead();
  const shown = useMemo(() => feed.data?.pages.flatMap((page) => page.results) ?? [], [feed.data]);
  useReadWhenShown(shown);
  useNewOnesShown(unread, feed.refetch);

  if (feed.isPending) return <p className={styles.meta}>{t.loading}</p>;
  if (feed.isError && !feed.data) {
    return <LoadError message={t.loadError} onRetry={() => void feed.refetch()} />;
  }
  if (shown.length === 0) return <p className={styles.meta}>{t.empty}</p>;
  return (
    <div className={styles.feed}>
      {unread !== undefined && unread > 0 ? (
        <Button
          variant="secondary"
          className={styles.markAll}
          disabled={markAll.busy}
          onClick={() => void markAll.send().catch(() => undefined)}
        >
          {t.markAll}
        </Button>
      ) : null}
      <div role="status" className={styles.status}>
        {markAll.isSuccess ? t.allRead : ''}
      </div>
      {markAll.isError ? <Alert tone="error">{t.markError}</Alert> : null}
      <ul className={styles.list}>
        {shown.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onFollow={onFollow} />
        ))}
      </ul>
      {feed.isFetchNextPageError ? (
        <LoadError message={t.loadError} onRetry={() => void feed.fetchNextPage()} />
      ) : feed.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {feed.isFetchingNextPage ? t.loadingMore : t.more}
        </Button>
      ) : null}
    </div>
  );
}
