import { kaLoans } from '../../ka-loans';

/** The card payment's confirmation (contract v1.3): loaded when a customer starts to pay. */
export const kaCardConfirm = {
  // The confirmation's choice of card.
  cardLegend: 'რომელი ბარათით იხდით?',
  brand: kaLoans.cardBrand,
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
  retry: 'ხელახლა ცდა',
  alreadyInProgress: 'ამ სესხის გადახდა უკვე მიმდინარეობს.',
  notThisPayment:
    'გადახდის დაწყება ვერ მოხერხდა: სისტემამ სხვა გადახდის მონაცემები დაგვიბრუნა. სცადეთ ხელახლა.',
} as const;
