/**
 * The account slice's words for the customer's notifications (contract v1.4), in Georgian:
 * the feed's own words for each kind it knows, and where each leads. A kind's title is its name
 * (lib/ka-notification-kinds), but an application's, whose two outcomes have their own.
 */
export const kaNotifications = {
  title: 'შეტყობინებები',
  loading: 'შეტყობინებები იტვირთება…',
  loadError: 'შეტყობინებების ჩატვირთვა ვერ მოხერხდა.',
  empty:
    'შეტყობინება ჯერ არ გაქვთ. აქ გამოჩნდება შეხსენებები და ყველაფერი, რაც თქვენს სესხებს ეხება.',
  more: 'ძველი შეტყობინებები',
  loadingMore: 'იტვირთება…',
  markAll: 'ყველას წაკითხულად მონიშვნა',
  allRead: 'ყველა შეტყობინება წაკითხულია.',
  markError: 'წაკითხულად მონიშვნა ვერ მოხერხდა. სცადეთ ხელახლა.',
  /** Beside a notification that was unread when the feed opened. */
  unread: 'ახალი',
  /** Where a notification about a loan leads when no act of its own does: the loan. */
  toLoan: 'სესხის ნახვა',
  kinds: {
    payment_due: {
      text: 'სესხი №{loan}: {date}-მდე გადასახდელია {amount}.',
      act: 'გადახდა',
    },
    payment_received: {
      text: 'სესხი №{loan}: მივიღეთ {amount}, {date}. გმადლობთ.',
      act: 'ქვითრის ნახვა',
    },
    payment_declined: {
      text: 'სესხი №{loan}: {amount}-ის გადახდა ბანკმა უარყო.',
      act: 'ხელახლა გადახდა',
    },
    overdue: {
      text: 'სესხი №{loan}: {date}-ის გადახდა არ შესრულებულა. ვადაგადაცილებული თანხა პირგასამტეხლოთი: {amount}.',
      act: 'ვადაგადაცილებული თანხა',
    },
    application_approved: {
      title: 'სესხი გაცემულია',
      text: '{amount}-ის განაცხადი დამტკიცდა: სესხი №{loan} გაცემულია.',
    },
    application_rejected: {
      title: 'განაცხადი არ დაკმაყოფილდა',
      text: '{amount}-ის სესხის განაცხადი ვერ დავაკმაყოფილეთ.',
    },
    complaint_answered: {
      text: 'თქვენს საჩივარზე პასუხი გაიცა {date}.',
      act: 'პასუხის ნახვა',
    },
  },
} as const;
