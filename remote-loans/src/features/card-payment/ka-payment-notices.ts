/**
 * The card payment's words a customer's first screen shows (contract v1.3): a payment in
 * progress, a failed automatic charge, and what a decline means. Apart from the confirmation's
 * and the return page's words, which load with their code, not with every customer's page.
 */
export const kaPaymentNotices = {
  // A payment in progress on a loan.
  inProgress: {
    title: 'მიმდინარეობს გადახდა',
    amount: 'თანხა',
    since: 'დაწყებულია',
    created: 'გადახდა ბანკის გვერდზე ჯერ არ დასრულებულა.',
    processing: 'ბანკი ამოწმებს გადახდას. შედეგი რამდენიმე წამში გამოჩნდება.',
    continue: 'ბანკის გვერდზე გაგრძელება',
    cancel: 'გადახდის გაუქმება',
    canceling: 'უქმდება…',
    canceled: 'გადახდა გაუქმდა. თანხა არ ჩამოგეჭრათ.',
    noSecondPayment: 'სანამ ეს გადახდა არ დასრულდება, ახალ გადახდას ვერ დაიწყებთ.',
  },

  // The loan's last payment declined (an automatic charge, or the customer's own), on the
  // first screen above the loan's one pay button.
  autopayFailed: 'ავტომატური გადახდა ({date}, {amount}) ვერ შესრულდა: {reason}',
  paymentFailed: 'გადახდა ({date}, {amount}) ვერ შესრულდა: {reason}',

  /**
   * Why the bank declined, in plain Georgian: the one wording of each reason, wherever a
   * decline is told (the return page, the first screen, the loan's automatic payment).
   */
  declined: {
    insufficient_funds: 'ბარათზე საკმარისი თანხა არ იყო.',
    card_declined:
      'ბანკმა ამ ბარათით გადახდა უარყო. სცადეთ სხვა ბარათი ან დაუკავშირდით თქვენს ბანკს.',
    authentication_failed: 'ბანკის ერთჯერადი კოდი ვერ დადასტურდა.',
    bank_unavailable: 'ბანკი დროებით მიუწვდომელი იყო. სცადეთ ცოტა ხანში.',
  },
  /** A decline the provider gave no reason for. */
  declinedUnknown: 'ბანკმა გადახდა არ შეასრულა.',
  nothingCharged: 'თანხა არ ჩამოგეჭრათ.',
  pageUnavailable:
    'ბანკის გადახდის გვერდის გახსნა ვერ მოხერხდა. თანხა არ ჩამოგეჭრათ; სცადეთ მოგვიანებით.',
  modeFailed: 'გადახდის მომზადება ვერ მოხერხდა: ვერ დავადგინეთ, როგორ იღებს გადახდას სისტემა.',
} as const;
