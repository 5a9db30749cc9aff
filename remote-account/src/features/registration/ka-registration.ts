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
  termsAccept: 'გავეცანი და ვეთანხმები რეგისტრაციის პირობებს',
  termsRequired: 'რეგისტრაციისთვის აუცილებელია პირობებზე დათანხმება.',
  termsLoading: 'პირობები იტვირთება…',
  termsBlocked: 'რეგისტრაცია შესაძლებელი იქნება პირობების ჩატვირთვის შემდეგ.',
  termsRepublished: 'რეგისტრაციის პირობები განახლდა. გაეცანით ახალ ვერსიას და დაეთანხმეთ ხელახლა.',
  /** The personal-data notice (v1.1), accepted apart from the terms. */
  personalData: 'პერსონალურ მონაცემთა დამუშავება',
  personalDataAccept:
    'გავეცანი შეტყობინებას და ვეთანხმები ჩემი პერსონალური მონაცემების დამუშავებას',
  personalDataRequired:
    'რეგისტრაციისთვის აუცილებელია თანხმობა პერსონალური მონაცემების დამუშავებაზე.',
  personalDataLoading: 'პერსონალურ მონაცემთა დამუშავების შეტყობინება იტვირთება…',
  personalDataError: 'პერსონალურ მონაცემთა დამუშავების შეტყობინება ვერ ჩაიტვირთა.',
  personalDataEmpty: 'პერსონალურ მონაცემთა დამუშავების შეტყობინება ჯერ არ გამოქვეყნებულა.',
  personalDataBlocked:
    'რეგისტრაცია შესაძლებელი იქნება პერსონალურ მონაცემთა დამუშავების შეტყობინების ჩატვირთვის შემდეგ.',
  personalDataRepublished:
    'პერსონალურ მონაცემთა დამუშავების შეტყობინება განახლდა. გაეცანით ახალ ვერსიას და დაეთანხმეთ ხელახლა.',
  /** Marketing (v1.2): optional, apart from the two required boxes. */
  marketing: 'მარკეტინგული შეტყობინებები (არასავალდებულო)',
  marketingAccept:
    'თანახმა ვარ, მივიღო შეთავაზებები და სიახლეები ელ-ფოსტით და SMS-ით. თანხმობის გამოთხოვა ნებისმიერ დროს შეგიძლიათ ანგარიშის პარამეტრებში.',
  submit: 'დარეგისტრირება',
  submitting: 'მიმდინარეობს რეგისტრაცია…',
  done: 'რეგისტრაცია დასრულდა. ახლა შეგიძლიათ შეხვიდეთ ანგარიშში.',
  loginNow: 'ანგარიშში შესვლა',
} as const;
