import { kaLoanFigures } from 'shared/strings/ka-loan-figures';

/** The home slice's calculator copy, in Georgian; the offer's figures in the regulated words. */
export const kaCalculator = {
  ...kaLoanFigures,
  title: 'სესხის კალკულატორი',
  amountField: 'თანხა ლარში',
  amountSlider: 'სესხის თანხა (სლაიდერი)',
  amountRange: '{min} – {max}',
  amountDigitsOnly: 'თანხა შეიყვანეთ მხოლოდ ციფრებით.',
  amountMissing: 'შეიყვანეთ სესხის თანხა.',
  amountBelow: 'მინიმალური თანხაა {min}.',
  amountAbove: 'მაქსიმალური თანხაა {max}.',
  amountRaised: 'თანხა გაიზარდა მინიმალურამდე: {amount}.',
  amountLowered: 'თანხა შემცირდა მაქსიმალურამდე: {amount}.',
  amountRestored: 'თანხა არ იყო შეყვანილი — დავაბრუნეთ {amount}.',
  updating: 'ახლდება…',
  figuresFor: 'ნაჩვენებია წინა გაანგარიშება: {amount}, {term}.',
  error: 'გაანგარიშება ვერ მოხერხდა.',
  lastFigures: 'ნაჩვენებია ბოლო წარმატებული გაანგარიშება.',
  schedule: 'გადახდის გრაფიკი',
  scheduleCaption: 'გადახდის გრაფიკი: {amount}, {term}',
  apply: 'განაცხადის შევსება',
  calculate: 'გამოთვლა',
  applyHint: 'განაცხადისთვის შედით ანგარიშში — არჩეული თანხა და ვადა შენახული დარჩება.',
  disclaimer: 'გაანგარიშება საორიენტაციოა; საბოლოო პირობებს სესხის ხელშეკრულება განსაზღვრავს.',
} as const;
