import { kaLoans } from '../../ka-loans';

/**
 * The loan card's words for its automatic payment (contract v1.3), in Georgian; the terms read
 * before turning it on are apart (ka-autopay-terms), loaded with their code.
 */
export const kaAutopayCard = {
  title: 'ავტომატური გადახდა',
  brand: kaLoans.cardBrand,
  /** A card read aloud, without the dots: "Visa, ending in 1111". */
  cardSpoken: '{brand}, ბოლო ციფრები {last4}',
  cardExpires: 'მოქმედია {expires}-მდე',
  turnOn: 'ავტომატური გადახდის ჩართვა',
  termsFailed: 'ავტომატური გადახდის პირობების ჩატვირთვა ვერ მოხერხდა.',
  offHint: 'სესხი თავად გადაიხდება შენახული ბარათით, ყოველი გადახდის დღეს.',
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
  failedNext: 'სესხი ისეთივე დარჩა, როგორიც იყო: დაფარეთ ის ახლა, რომ ვადა არ გადაგიცილდეთ.',
} as const;
