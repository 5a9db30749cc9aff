import { formatDate, formatMoney } from 'shared/lib/money';
import {
  COMPLAINTS_PATH,
  loanPath,
  OVERDUE_PATH,
  payLoanPath,
  receiptPath,
} from 'shared/navigation/act-addresses';
import { format } from 'shared/strings/ka';
import { kaNotificationKinds as names } from '../../../lib/ka-notification-kinds';
import type { Notification } from '../api/notifications';
import { kaNotifications } from '../ka-notifications';

const t = kaNotifications.kinds;
const toLoan = (loan: number): Act => ({ label: kaNotifications.toLoan, to: loanPath(loan) });

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

const said = (
  title: string,
  text: string,
  values: Record<string, string | number>,
  act: Act | null,
): NotificationView => ({ title, text: format(text, values), act });

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
        names.payment_due,
        t.payment_due.text,
        { loan, amount: formatMoney(amount), date: formatDate(date) },
        { label: t.payment_due.act, to: payLoanPath(loan) },
      );
    case 'payment_received': {
      if (loan === null || amount === null || date === null) break;
      // A payment made otherwise than through the bank's page has no receipt here: its loan.
      const act =
        order === null ? toLoan(loan) : { label: t.payment_received.act, to: receiptPath(order) };
      return said(
        names.payment_received,
        t.payment_received.text,
        { loan, amount: formatMoney(amount), date: formatDate(date) },
        act,
      );
    }
    case 'payment_declined':
      if (loan === null || amount === null) break;
      return said(
        names.payment_declined,
        t.payment_declined.text,
        { loan, amount: formatMoney(amount) },
        { label: t.payment_declined.act, to: payLoanPath(loan) },
      );
    case 'overdue':
      if (loan === null || amount === null || date === null) break;
      return said(
        names.overdue,
        t.overdue.text,
        { loan, amount: formatMoney(amount), date: formatDate(date) },
        { label: t.overdue.act, to: OVERDUE_PATH },
      );
    case 'application_decided':
      if (amount === null) break;
      // The contract's loan is the new one when approved, null when rejected.
      return loan === null
        ? said(
            t.application_rejected.title,
            t.application_rejected.text,
            { amount: formatMoney(amount) },
            null,
          )
        : said(
            t.application_approved.title,
            t.application_approved.text,
            { loan, amount: formatMoney(amount) },
            toLoan(loan),
          );
    case 'complaint_answered':
      if (date === null) break;
      return said(
        names.complaint_answered,
        t.complaint_answered.text,
        { date: formatDate(date) },
        { label: t.complaint_answered.act, to: COMPLAINTS_PATH },
      );
    case 'hardship_decided':
      // Whether help was given is in the provider's words only: its text says what was decided.
      if (loan === null) break;
      return { title: names.hardship_decided, text: notification.body, act: toLoan(loan) };
  }
  return providersWords(notification);
}
