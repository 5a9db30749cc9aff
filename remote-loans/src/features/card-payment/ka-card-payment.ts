/**
 * The card payment's words (contract v1.3): paying on the bank's page, a payment in progress,
 * and the outcome when the customer comes back. The feature's own file, beside ka-loans.
 */
export const kaCardPayment = {
  // The confirmation's choice of card.
  cardLegend: 'რომელი ბარათით იხდით?',
  brand: { visa: 'Visa', mastercard: 'Mastercard' },
  /** A saved card's accessible name and label: brand, last four digits, expiry. */
  savedCard: '{brand} •••• {last4}, მოქმედებს {expires}-მდე',
  newCard: 'ახალი ბარათით, ბანკის გვერდზე',
  newCardHint: 'ბარათის მონაცემებს შეიყვანთ ბანკის დაცულ გვერდზე: ისინი ჩვენამდე არ აღწევს.',
  savedCardHint: 'ბანკმა შეიძლება ერთჯერადი კოდი მოგთხოვოთ.',
  saveCard: 'ბარათის შენახვა შემდეგი გადახდებისთვის',
  cardsFailed: 'შენახული ბარათების ჩატვირთვა ვერ მოხერხდა. შეგიძლიათ გადაიხადოთ ახალი ბარათით.',
  cardsLoading: 'შენახული ბარათები იტვირთება…',
  payWithCard: 'ბარათით გადახდა',
  preparing: 'გადახდა მზადდება…',
  toBank: 'გადადიხართ ბანკის გვერდზე…',
  pageUnavailable:
    'ბანკის გადახდის გვერდის გახსნა ვერ მოხერხდა. თანხა არ ჩამოგეჭრათ; სცადეთ მოგვიანებით.',
  modeFailed: 'გადახდის მომზადება ვერ მოხერხდა: ვერ დავადგინეთ, როგორ იღებს გადახდას სისტემა.',
  retry: 'ხელახლა ცდა',
  alreadyInProgress: 'ამ სესხის გადახდა უკვე მიმდინარეობს.',

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

  // The failed automatic charge, on the first screen.
  autopayFailed: 'ავტომატური გადახდა ({date}, {amount}) ვერ შესრულდა: {reason}',
  payNow: 'ახლავე გადახდა',

  // The return page.
  outcome: {
    title: 'გადახდა',
    checking: 'გადახდის მდგომარეობა მოწმდება…',
    processingTitle: 'გადახდა მუშავდება',
    processingText:
      'ბანკი ამოწმებს გადახდას. ეს ჩვეულებრივ რამდენიმე წამს გრძელდება; გვერდი თავად განახლდება.',
    createdTitle: 'გადახდა ჯერ არ დასრულებულა',
    createdText: 'ბანკის გვერდზე გადახდა არ დაგისრულებიათ. შეგიძლიათ იქ გააგრძელოთ ან გააუქმოთ.',
    stillAsking: 'მდგომარეობის შემოწმება ვერ მოხერხდა. ვცდილობთ ხელახლა…',
    succeededTitle: 'გადახდა შესრულდა',
    paid: 'გადახდილია',
    split: 'საიდან დაიფარა',
    receiptNumber: 'ქვითრის ნომერი',
    showReceipt: 'ქვითარი',
    declinedTitle: 'გადახდა არ შესრულდა',
    declined: {
      insufficient_funds: 'ბარათზე საკმარისი თანხა არ არის.',
      card_declined:
        'ბანკმა ამ ბარათით გადახდა უარყო. სცადეთ სხვა ბარათი ან დაუკავშირდით თქვენს ბანკს.',
      authentication_failed: 'ბანკის ერთჯერადი კოდი ვერ დადასტურდა.',
      bank_unavailable: 'ბანკი დროებით მიუწვდომელია. სცადეთ ცოტა ხანში.',
    },
    nothingCharged: 'თანხა არ ჩამოგეჭრათ.',
    expiredTitle: 'გადახდის დრო ამოიწურა',
    expiredText: 'ბანკის გვერდზე გადახდა 15 წუთში არ დასრულდა. თანხა არ ჩამოგეჭრათ.',
    canceledTitle: 'გადახდა გაუქმდა',
    canceledText: 'გადახდა გაუქმდა. თანხა არ ჩამოგეჭრათ.',
    tryAgain: 'ხელახლა გადახდა',
    toLoans: 'ჩემს სესხებზე დაბრუნება',
    badAddressTitle: 'გადახდა ვერ მოიძებნა',
    badAddress: 'ამ მისამართში გადახდის ნომერი არასწორია.',
    notFound: 'ასეთი გადახდა ვერ მოიძებნა.',
  },
} as const;
