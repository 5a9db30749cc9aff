/**
 * The account slice's words for the customer's notifications (contract v1.4), in Georgian:
 * the feed's own words for each kind it knows, and where each leads.
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
  kinds: {
    payment_due: {
      title: 'გადახდის შეხსენება',
      text: 'სესხი №{loan}: {date}-მდე გადასახდელია {amount}.',
      act: 'გადახდა',
    },
    payment_received: {
      title: 'გადახდა მიღებულია',
      text: 'სესხი №{loan}: მივიღეთ {amount}, {date}. გმადლობთ.',
      act: 'ქვითრის ნახვა',
      /** A payment without an order of the bank (paid otherwise): its loan. */
      actWithoutOrder: 'სესხის ნახვა',
    },
    payment_declined: {
      title: 'გადახდა ვერ შესრულდა',
      text: 'სესხი №{loan}: {amount}-ის გადახდა ბანკმა უარყო.',
      act: 'ხელახლა გადახდა',
    },
    overdue: {
      title: 'გადახდა ვადაგადაცილებულია',
      text: 'სესხი №{loan}: {date}-ის გადახდა არ შესრულებულა. ვადაგადაცილებული თანხა პირგასამტეხლოთი: {amount}.',
      act: 'ვადაგადაცილებული თანხა',
    },
    application_approved: {
      title: 'სესხი გაცემულია',
      text: '{amount}-ის განაცხადი დამტკიცდა: სესხი №{loan} გაცემულია.',
      act: 'სესხის ნახვა',
    },
    application_rejected: {
      title: 'განაცხადი არ დაკმაყოფილდა',
      text: '{amount}-ის სესხის განაცხადი ვერ დავაკმაყოფილეთ.',
    },
    complaint_answered: {
      title: 'საჩივარს უპასუხეს',
      text: 'თქვენს საჩივარზე პასუხი გაიცა {date}.',
      act: 'პასუხის ნახვა',
    },
    hardship_decided: {
      title: 'დახმარების თხოვნაზე გადაწყვეტილება მიღებულია',
      act: 'სესხის ნახვა',
    },
  },
} as const;
