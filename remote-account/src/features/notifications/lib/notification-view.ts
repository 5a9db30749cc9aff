import { formatDate, formatMoney } from 'shared/lib/money';
import {
  COMPLAINTS_PATH,
  loanPath,
  OVERDUE_PATH,
  payLoanPath,
  receiptPath,
} from 'shared/navigation/act-addresses';
import { format } from 'shared/strings/ka';
import type { Notification } from '../api/notifications';
import { kaNotifications } from '../ka-notifications';

const t = kaNotifications.kinds;

/** Where a notification leads: its act, on a page of this site. */
export interface Act {
  label: string;
  to: string;
}

/** What the feed shows of a notification: the client's words, or the provider's. */
export interface NotificationView {
  title: string;
  text: string;
  act: Act | null;
}

/** The provider's own plain text: a kind this client does not know, or one missing its fields. */
const providersWords = (notification: Notification): NotificationView => ({
  title: notification.title,
  text: notification.body,
  act: null,
});

type Words = { title: string; text: string };

const said = (words: Words, values: Record<string, string | number>, act: Act | null) => ({
  title: words.title,
  text: format(words.text, values),
  act,
});

/**
 * A notification in the client's words for the kinds it knows (amounts and dates with the
 * shared helpers), each leading to its act: a payment due to paying it, a received one to its
 * receipt, a declined one to paying again, an overdue notice to the overdue total, an answered
 * complaint to the answer. A kind it does not know, or one without the fields its words need,
 * is the provider's plain text.
 */
export function notificationView(notification: Notification): NotificationView {
  const { loan, order, amount, date } = notification;
  switch (notification.kind) {
    case 'payment_due':
      if (loan === null || amount === null || date === null) break;
      return said(
        t.payment_due,
        { loan, amount: formatMoney(amount), date: formatDate(date) },
        { label: t.payment_due.act, to: payLoanPath(loan) },
      );
    case 'payment_received': {
      if (loan === null || amount === null || date === null) break;
      const act =
        order === null
          ? { label: t.payment_received.actWithoutOrder, to: loanPath(loan) }
          : { label: t.payment_received.act, to: receiptPath(order) };
      return said(
        t.payment_received,
        { loan, amount: formatMoney(amount), date: formatDate(date) },
        act,
      );
    }
    case 'payment_declined':
      if (loan === null || amount === null) break;
      return said(
        t.payment_declined,
        { loan, amount: formatMoney(amount) },
        { label: t.payment_declined.act, to: payLoanPath(loan) },
      );
    case 'overdue':
      if (loan === null || amount === null || date === null) break;
      return said(
        t.overdue,
        { loan, amount: formatMoney(amount), date: formatDate(date) },
        { label: t.overdue.act, to: OVERDUE_PATH },
      );
    case 'application_decided':
      if (amount === null) break;
      // The contract's loan is the new one when approved, null when rejected.
      return loan === null
        ? said(t.application_rejected, { amount: formatMoney(amount) }, null)
        : said(
            t.application_approved,
            { loan, amount: formatMoney(amount) },
            { label: t.application_approved.act, to: loanPath(loan) },
          );
    case 'complaint_answered':
      if (date === null) break;
      return said(
        t.complaint_answered,
        { date: formatDate(date) },
        { label: t.complaint_answered.act, to: COMPLAINTS_PATH },
      );
    case 'hardship_decided':
      // Whether help was given is in the provider's words only: its text says what was decided.
      if (loan === null) break;
      return {
        title: t.hardship_decided.title,
        text: notification.body,
        act: { label: t.hardship_decided.act, to: loanPath(loan) },
      };
  }
  return providersWords(notification);
}
