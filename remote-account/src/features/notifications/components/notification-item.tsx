import { useId } from 'react';
import { formatDateTime } from 'shared/lib/tbilisi-time';
import { Link } from 'shared/navigation/router';
import type { Notification } from '../api/notifications';
import { kaNotifications as t } from '../ka-notifications';
import { notificationView } from '../lib/notification-view';
import styles from './notification-feed.module.css';

/** One notification: new or not, what happened, when, and the way to its act. */
export function NotificationItem({
  notification,
  onFollow,
}: {
  notification: Notification;
  /** The act's link was followed: the panel closes. */
  onFollow: () => void;
}) {
  const view = notificationView(notification);
  const titleId = useId();
  const unread = notification.read_at === null;
  return (
    <li className={unread ? `${styles.item} ${styles.unread}` : styles.item}>
      <article aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.itemTitle}>
          {unread ? <span className={styles.newMark}>{t.unread}</span> : null}
          {view.title}
        </h3>
        <p className={styles.text}>{view.text}</p>
        <p className={styles.when}>
          <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
        </p>
        {view.act ? (
          <Link className={styles.act} to={view.act.to} onClick={onFollow}>
            {view.act.label}
          </Link>
        ) : null}
      </article>
    </li>
  );
}
