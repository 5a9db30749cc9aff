/**
 * The kinds of notification (contract v1.4) this client names, one name each: the feed's title
 * for a notification of that kind (but an application's, whose two outcomes have their own) and
 * the choices' name for its channels, so the customer meets one name in both.
 */
export const kaNotificationKinds = {
  payment_due: 'გადახდის შეხსენება',
  payment_received: 'გადახდა მიღებულია',
  payment_declined: 'გადახდა ვერ შესრულდა',
  overdue: 'გადახდა ვადაგადაცილებულია',
  application_decided: 'გადაწყვეტილება განაცხადზე',
  complaint_answered: 'პასუხი საჩივარზე',
  hardship_decided: 'გადაწყვეტილება დახმარების მოთხოვნაზე',
} as const;

export type NamedKind = keyof typeof kaNotificationKinds;
