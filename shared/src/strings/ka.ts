/**
 * The Georgian words two or more apps show (slot labels, common errors and buttons, the login
 * words the shell and the account slice both show, the schedule's columns), and the words of
 * shared's own modules. An app's own words are the app's (decision 010): `host/src/words/ka-host`,
 * each slice's `ka-*.ts`. Words marked deprecated are a slice's, kept here only while the
 * release in production reads them from here (decision 019; a test says when they may go).
 */
export const ka = {
  common: {
    loading: 'იტვირთება…',
    retry: 'ხელახლა ცდა',
  },
  errors: {
    genericMessage: 'რაღაც არასწორად წავიდა. სცადეთ მოგვიანებით.',
    network: 'სერვერთან კავშირი ვერ დამყარდა. შეამოწმეთ ინტერნეტი და სცადეთ ხელახლა.',
    providerUnavailable: 'სერვისი დროებით მიუწვდომელია. სცადეთ მოგვიანებით.',
    // The answer to a request body over the limit: the host's server and nginx both send it.
    requestTooLarge: 'მოთხოვნა ძალიან დიდია.',
    badAnswer: 'სერვერმა მოულოდნელი პასუხი დააბრუნა. სცადეთ მოგვიანებით.',
    /** A throttled answer that says how long to wait (Retry-After). */
    throttledWait: 'ძალიან ბევრი მცდელობა. სცადეთ {seconds} წამში.',
    /**
     * The provider's error codes in our words, for answers whose text is not Georgian (DRF's
     * English defaults such as "Not found." or "CSRF Failed: …"); see shared/api/api-error.
     */
    byCode: {
      not_found: 'მოთხოვნილი ჩანაწერი ვერ მოიძებნა.',
      method_not_allowed: 'ეს მოქმედება ამჟამად შეუძლებელია.',
      csrf_failed: 'უსაფრთხოების შემოწმება ვერ მოხერხდა. განაახლეთ გვერდი და სცადეთ ხელახლა.',
      not_authenticated: 'ამ მოქმედებისთვის საჭიროა ანგარიშში შესვლა.',
      authentication_failed: 'ავტორიზაცია ვერ მოხერხდა. გთხოვთ, ხელახლა შეხვიდეთ ანგარიშში.',
      token_not_valid: 'სესიის ვადა ამოიწურა. გთხოვთ, ხელახლა შეხვიდეთ ანგარიშში.',
      no_active_account: 'პირადი ნომერი ან პაროლი არასწორია.',
      permission_denied: 'ამ მოქმედების შესრულების უფლება არ გაქვთ.',
      banned_user: 'თქვენი ანგარიში დაბლოკილია. დამატებითი ინფორმაციისთვის დაგვიკავშირდით.',
      throttled: 'ძალიან ბევრი მცდელობა. სცადეთ ცოტა ხანში.',
      file_too_large: 'ფაილი ძალიან დიდია.',
      unsupported_media_type: 'ფაილის ან მოთხოვნის ფორმატი არ არის მხარდაჭერილი.',
      parse_error: 'მოთხოვნა ვერ დამუშავდა. განაახლეთ გვერდი და სცადეთ ხელახლა.',
      not_verified: 'სესხის მოსათხოვად ანგარიში სრულად უნდა იყოს ვერიფიცირებული.',
      limit_exceeded: 'მოთხოვნილი თანხა აღემატება თქვენს ლიმიტს.',
      term_not_allowed: 'ეს ვადა თქვენთვის ხელმისაწვდომი არ არის.',
      has_pending_application: 'თქვენ უკვე გაქვთ განხილვის პროცესში მყოფი განაცხადი.',
      has_overdue_loan: 'ვადაგადაცილებული სესხის დაფარვამდე ახალ სესხს ვერ აიღებთ.',
    },
  },
  home: {
    sliderLabel: 'აქციები და სიახლეები',
    faqTitle: 'ხშირად დასმული კითხვები',
  },
  account: {
    login: 'შესვლა',
    register: 'რეგისტრაცია',
    recoveryTitle: 'პაროლის აღდგენა',
  },
  loans: {
    title: 'ჩემი სესხები',
    nextPayment: 'შემდეგი გადახდა',
  },
  // The columns of every repayment schedule (the calculator's, the key terms', a loan's).
  schedule: {
    number: '№',
    date: 'თარიღი',
    principal: 'ძირი',
    interest: 'პროცენტი',
    payment: 'შენატანი',
    balance: 'ნაშთი',
    state: 'სტატუსი',
    paid: 'გადახდილია',
    unpaid: 'გადასახდელია',
  },
  terms: {
    registration: 'რეგისტრაციის პირობები',
    error: 'პირობების ჩატვირთვა ვერ მოხერხდა.',
    empty: 'პირობები ჯერ არ გამოქვეყნებულა.',
    /** Under a document to accept (shared/forms/acceptance). */
    version: 'ვერსია {version}, გამოქვეყნდა {date}',
  },
} as const;

/** Fills `{name}` slots in a string from the table above. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in values ? String(values[name]) : slot,
  );
}
