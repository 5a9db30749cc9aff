import { kaPaymentNotices } from './ka-payment-notices';

/** The return page's words (contract v1.3): loaded with the page, not with every customer's. */
export const kaPaymentOutcome = {
  title: 'გადახდა',
  checking: 'გადახდის მდგომარეობა მოწმდება…',
  processingTitle: 'გადახდა მუშავდება',
  processingText:
    'ბანკი ამოწმებს გადახდას. ეს ჩვეულებრივ რამდენიმე წამს გრძელდება; გვერდი თავად განახლდება.',
  processingLong:
    'ბანკი გადახდას ჩვეულებრივზე დიდხანს ამოწმებს. შეგიძლიათ დატოვოთ ეს გვერდი: შედეგს ნახავთ თქვენს სესხზე.',
  createdTitle: 'გადახდა ჯერ არ დასრულებულა',
  createdText: 'ბანკის გვერდზე გადახდა არ დაგისრულებიათ. შეგიძლიათ იქ გააგრძელოთ ან გააუქმოთ.',
  stillAsking: 'მდგომარეობის შემოწმება ვერ მოხერხდა. ვცდილობთ ხელახლა…',
  succeededTitle: 'გადახდა შესრულდა',
  paid: 'გადახდილია',
  /** When an order that paid nothing ended (declined, expired, canceled). */
  decidedAt: 'დრო (თბილისი)',
  split: 'საიდან დაიფარა',
  receiptNumber: 'ქვითრის ნომერი',
  showReceipt: 'ქვითარი',
  declinedTitle: 'გადახდა არ შესრულდა',
  expiredTitle: 'გადახდის დრო ამოიწურა',
  expiredText: 'ბანკის გვერდზე გადახდა 15 წუთში არ დასრულდა. თანხა არ ჩამოგეჭრათ.',
  canceledTitle: 'გადახდა გაუქმდა',
  canceledText: kaPaymentNotices.inProgress.canceled,
  tryAgain: 'ხელახლა გადახდა',
  toLoans: 'ჩემს სესხებზე დაბრუნება',
  badAddressTitle: 'გადახდა ვერ მოიძებნა',
  badAddress: 'ამ მისამართში გადახდის ნომერი არასწორია.',
  notFound: 'ასეთი გადახდა ვერ მოიძებნა.',
  loggedOutTitle: 'გადახდის შედეგი გელოდებათ',
  loggedOut: 'სესია დასრულდა. შედით ანგარიშში, რომ ნახოთ ამ გადახდის შედეგი.',
} as const;
