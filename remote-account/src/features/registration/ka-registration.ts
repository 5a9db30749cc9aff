/** The account slice's registration copy, in Georgian. */
export const kaRegistration = {
  /** The panel's title (the header's button is shared: ka.account.register). */
  title: 'რეგისტრაცია',
  /** Under the login form, for phones where the header has room for one button only. */
  noAccount: 'არ გაქვთ ანგარიში?',
  register: 'დარეგისტრირდით',
  allRequired: 'ყველა ველი სავალდებულოა.',
  firstName: 'სახელი',
  lastName: 'გვარი',
  birthDate: 'დაბადების თარიღი',
  birthDateHint: 'რეგისტრაცია შეუძლია 18 წლის ან უფროს პირს',
  birthDateInvalid: 'შეიყვანეთ სწორი თარიღი.',
  underage: 'რეგისტრაცია შესაძლებელია მხოლოდ 18 წლიდან.',
  phone: 'მობილურის ნომერი',
  phoneHint: '9 ციფრი, იწყება 5-ით: 5XXXXXXXX',
  email: 'ელ-ფოსტა',
  passwordConfirm: 'პაროლის გამეორება',
  termsVersion: 'ვერსია {version}, გამოქვეყნდა {date}',
  termsAccept: 'გავეცანი და ვეთანხმები რეგისტრაციის პირობებს',
  termsRequired: 'რეგისტრაციისთვის აუცილებელია პირობებზე დათანხმება.',
  termsLoading: 'პირობები იტვირთება…',
  termsBlocked: 'რეგისტრაცია შესაძლებელი იქნება პირობების ჩატვირთვის შემდეგ.',
  submit: 'დარეგისტრირება',
  submitting: 'მიმდინარეობს რეგისტრაცია…',
  done: 'რეგისტრაცია დასრულდა. ახლა შეგიძლიათ შეხვიდეთ ანგარიშში.',
  loginNow: 'ანგარიშში შესვლა',
} as const;
