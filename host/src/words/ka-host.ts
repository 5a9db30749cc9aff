import { ka } from 'shared/strings/ka';

/**
 * The shell's own words in Georgian: brand, navigation, footer, the error page, slot labels
 * and the session notice. Only the host shows them (decision 010: `shared/strings/ka` holds
 * what two apps show).
 */
export const kaHost = {
  brand: 'ონლაინ სესხი',
  brandTagline: 'სწრაფი სესხი ონლაინ, ფილიალში მისვლის გარეშე',
  nav: {
    label: 'მთავარი ნავიგაცია',
    menuLabel: 'მენიუ',
    home: 'მთავარი',
    terms: 'პირობები',
    openMenu: 'მენიუს გახსნა',
    closeMenu: 'მენიუს დახურვა',
    skipToContent: 'გადასვლა მთავარ შინაარსზე',
  },
  notifications: {
    /** The header's button, its name without and with unread ones. */
    label: 'შეტყობინებები',
    unread: 'შეტყობინებები: {count} წაუკითხავი',
    /** What a screen reader hears when the number changes while the page is open. */
    changed: 'წაუკითხავი შეტყობინებები: {count}',
  },
  footer: {
    rights: 'ყველა უფლება დაცულია.',
    language: 'ენა: ქართული',
  },
  errors: {
    // The spec's "This page could not be found", in the customer's language.
    notFoundMessage: 'ეს გვერდი ვერ მოიძებნა',
    backHome: 'მთავარზე დაბრუნება',
    genericTitle: 'დაფიქსირდა შეცდომა',
    statusLabel: 'შეცდომის კოდი',
    unknownMiddleware: 'Unknown middleware',
    chunkFailed:
      'აპლიკაციის ნაწილი ვერ ჩაიტვირთა. შეამოწმეთ ინტერნეტთან კავშირი და განაახლეთ გვერდი.',
    reloadPage: 'გვერდის განახლება',
  },
  remote: {
    unavailable: 'ეს ნაწილი ახლა ვერ ჩაიტვირთა.',
    unavailableHint: 'დანარჩენი გვერდი მუშაობს. სცადეთ ხელახლა რამდენიმე წამში.',
    loading: 'იტვირთება…',
  },
  home: {
    calculatorLabel: 'სესხის კალკულატორი',
  },
  loans: {
    overdueLabel: 'ვადაგადაცილებული დავალიანება',
    applicationLabel: 'სესხის განაცხადი',
  },
  session: {
    banned:
      'თქვენი ანგარიში დაბლოკილია და სესია დასრულდა. დამატებითი ინფორმაციისთვის დაგვიკავშირდით.',
    // The provider's refusal of an ended session says the same: one wording.
    expired: ka.errors.byCode.token_not_valid,
    elsewhere: 'თქვენ გამოხვედით ანგარიშიდან სხვა ფანჯარაში.',
    inactive: 'სესია დასრულდა უმოქმედობის გამო. გთხოვთ, შეხვიდეთ თავიდან.',
    loginAgain: 'ხელახლა შესვლა',
    dismiss: 'შეტყობინების დახურვა',
  },
  /** The warning before an inactive session ends (decision 022). */
  /** The verification steps' slot on a customer's home page. */
  verification: {
    label: 'ანგარიშის ვერიფიკაცია',
  },
  /** A customer's complaints page (/complaints, decision 028). */
  complaints: {
    title: 'საჩივრები',
  },
  /** Where the bank returns a customer who paid by card (/payment, contract v1.3). */
  payment: {
    title: 'გადახდის შედეგი',
  },
  terms: {
    title: 'ხელშეკრულების პირობები',
    loan: 'სესხის ხელშეკრულების პირობები',
    personalData: 'პერსონალურ მონაცემთა დამუშავება',
    version: 'ვერსია',
    published: 'გამოქვეყნდა',
  },
} as const;
