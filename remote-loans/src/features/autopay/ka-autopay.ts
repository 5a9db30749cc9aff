/** The loans slice's words for a loan's automatic payment (contract v1.3), in Georgian. */
export const kaAutopay = {
  title: 'ავტომატური გადახდა',
  brand: { visa: 'Visa', mastercard: 'Mastercard' },
  /** A card read aloud, without the dots: "Visa, ending in 1111". */
  cardSpoken: '{brand}, ბოლო ციფრები {last4}',
  cardExpires: 'მოქმედია {expires}-მდე',
  turnOn: 'ავტომატური გადახდის ჩართვა',
  offHint: 'სესხი თავად გადაიხდება შენახული ბარათით, ყოველი გადახდის დღეს.',
  // The terms, read before agreeing.
  whatTitle: 'რა ჩამოიჭრება',
  what: 'ყოველი გადახდის დღეს — იმ დღეს გადასახდელი თანხა: გრაფიკის შესაბამისი შენატანი, და თუ გადახდა გადაცილებულია, ვადაგადაცილებული თანხა და პირგასამტეხლო.',
  rows: 'დარჩენილი შენატანები გრაფიკით',
  row: '{date}: {amount}',
  overdue:
    'ვადაგადაცილებული თანხა {amount} და პირგასამტეხლო {penalty} ჩამოიჭრება პირველივე გადახდისას.',
  whenTitle: 'როდის',
  when: 'თითოეული გადახდის დღეს, 10:00 საათზე (თბილისის დროით).',
  nextCharge: 'პირველი ჩამოჭრა: {date}, {amount}.',
  cardTitle: 'რომელი ბარათიდან',
  cardChoice: 'აირჩიეთ ბარათი',
  noCard:
    'შენახული ბარათი არ გაქვთ. ბარათი ინახება, როცა სესხს ერთხელ ბარათით გადაიხდით და მონიშნავთ „ბარათის შენახვას“. ამის შემდეგ შეძლებთ ავტომატური გადახდის ჩართვას.',
  cardsError: 'შენახული ბარათების ჩატვირთვა ვერ მოხერხდა.',
  stopTitle: 'როგორ გავაუქმო',
  stop: 'ნებისმიერ დროს, აქვე, ერთი ღილაკით — „ავტომატური გადახდის გამორთვა“. გამორთვის შემდეგ აღარაფერი ჩამოიჭრება.',
  agree: 'ჩართვა',
  close: 'დახურვა',
  saving: 'ინახება…',
  // On.
  /** Followed by the card's name. */
  onWithCard: 'ავტომატური გადახდა ჩართულია: ბარათი',
  onNext: 'შემდეგი ჩამოჭრა: {date}, {amount}.',
  turnOff: 'ავტომატური გადახდის გამორთვა',
  turnedOn: 'ავტომატური გადახდა ჩართულია.',
  turnedOff: 'ავტომატური გადახდა გამორთულია. სესხს ისევ თავად გადაიხდით.',
  // A failed automatic charge.
  failed: 'ჩამოჭრის თარიღი: {date}, თანხა: {amount}. მიზეზი: {reason}',
  failedTitle: 'ავტომატური გადახდა ვერ შესრულდა',
  reason: {
    insufficient_funds: 'ბარათზე საკმარისი თანხა არ იყო.',
    card_declined: 'ბანკმა ბარათით გადახდა უარყო.',
    authentication_failed: 'ბარათის დადასტურება ვერ მოხერხდა.',
    bank_unavailable: 'ბანკი დროებით მიუწვდომელი იყო.',
  },
  reasonUnknown: 'ბანკმა გადახდა არ შეასრულა.',
  failedNext: 'სესხი ისეთივე დარჩა, როგორიც იყო: გადაიხადეთ ახლა, რომ ვადა არ გადაგიცილდეთ.',
  payNow: 'გადაიხადეთ ახლა',
} as const;
