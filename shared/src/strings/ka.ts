/**
 * The Georgian words more than one app shows (the shell, the slot labels, common errors and
 * buttons). A slice keeps its own copy beside its features (decision 010).
 */
export const ka = {
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
  footer: {
    rights: 'ყველა უფლება დაცულია.',
    language: 'ენა: ქართული',
  },
  common: {
    loading: 'იტვირთება…',
    retry: 'ხელახლა ცდა',
    close: 'დახურვა',
    requiredField: 'ველი სავალდებულოა',
  },
  errors: {
    // The spec's "This page could not be found", in the customer's language.
    notFoundMessage: 'ეს გვერდი ვერ მოიძებნა',
    backHome: 'მთავარზე დაბრუნება',
    genericTitle: 'დაფიქსირდა შეცდომა',
    genericMessage: 'რაღაც არასწორად წავიდა. სცადეთ მოგვიანებით.',
    statusLabel: 'შეცდომის კოდი',
    unknownMiddleware: 'Unknown middleware',
    chunkFailed:
      'აპლიკაციის ნაწილი ვერ ჩაიტვირთა. შეამოწმეთ ინტერნეტთან კავშირი და განაახლეთ გვერდი.',
    reloadPage: 'გვერდის განახლება',
    network: 'სერვერთან კავშირი ვერ დამყარდა. შეამოწმეთ ინტერნეტი და სცადეთ ხელახლა.',
    providerUnavailable: 'სერვისი დროებით მიუწვდომელია. სცადეთ მოგვიანებით.',
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
  remote: {
    unavailable: 'ეს ნაწილი ახლა ვერ ჩაიტვირთა.',
    unavailableHint: 'დანარჩენი გვერდი მუშაობს. სცადეთ ხელახლა რამდენიმე წამში.',
    loading: 'იტვირთება…',
  },
  home: {
    calculatorLabel: 'სესხის კალკულატორი',
    sliderLabel: 'აქციები და სიახლეები',
    sliderEmpty: 'ამჟამად აქციები არ არის.',
    sliderError: 'აქციების ჩატვირთვა ვერ მოხერხდა.',
    sliderMore: 'დაწვრილებით',
    previousSlide: 'წინა სლაიდი',
    nextSlide: 'შემდეგი სლაიდი',
    firstSlide: 'ეს პირველი სლაიდია',
    lastSlide: 'ეს ბოლო სლაიდია',
    sliderRole: 'სლაიდერი',
    slideRole: 'სლაიდი',
    goToSlide: 'სლაიდი',
    pauseSlider: 'ავტომატური გადახვევის შეჩერება',
    playSlider: 'ავტომატური გადახვევის ჩართვა',
    faqTitle: 'ხშირად დასმული კითხვები',
    faqEmpty: 'კითხვები ჯერ არ დამატებულა.',
    faqError: 'კითხვების ჩატვირთვა ვერ მოხერხდა.',
  },
  account: {
    login: 'შესვლა',
    register: 'რეგისტრაცია',
    logout: 'გასვლა',
    loginTitle: 'ანგარიშში შესვლა',
    personalNumber: 'პირადი ნომერი',
    personalNumberHint: '11 ციფრი',
    password: 'პაროლი',
    submitLogin: 'შესვლა',
    loggingIn: 'მიმდინარეობს შესვლა…',
    forgotPassword: 'დაგავიწყდათ პაროლი?',
    wrongCredentials: 'პირადი ნომერი ან პაროლი არასწორია.',
    personalNumberInvalid: 'პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან.',
    passwordInvalid: 'პაროლი უნდა იყოს 8–128 სიმბოლო, შეიცავდეს ასოს და ციფრს.',
    recoveryTitle: 'პაროლის აღდგენა',
    recoveryIntro: 'შეიყვანეთ პირადი ნომერი. კოდს SMS-ით გამოგიგზავნით რეგისტრირებულ ტელეფონზე.',
    sendCode: 'კოდის გაგზავნა',
    sendingCode: 'იგზავნება…',
    codeSent:
      'თუ ეს პირადი ნომერი რეგისტრირებულია, კოდი SMS-ით გამოიგზავნა. კოდი მოქმედებს 10 წუთი.',
    code: 'SMS კოდი',
    codeHint: '6 ციფრი',
    codeInvalid: 'კოდი უნდა შედგებოდეს 6 ციფრისგან.',
    phoneInvalid: 'ტელეფონის ნომერი უნდა შედგებოდეს 9 ციფრისგან და იწყებოდეს 5-ით.',
    emailInvalid: 'შეიყვანეთ სწორი ელ-ფოსტის მისამართი.',
    newPassword: 'ახალი პაროლი',
    newPasswordHint: '8–128 სიმბოლო, მინიმუმ ერთი ასო და ერთი ციფრი',
    setPassword: 'პაროლის შეცვლა',
    settingPassword: 'ინახება…',
    recoveryDone: 'პაროლი შეიცვალა. ახლა შეგიძლიათ შეხვიდეთ ახალი პაროლით.',
    startOver: 'თავიდან დაწყება',
  },
  loans: {
    title: 'ჩემი სესხები',
    overdueLabel: 'ვადაგადაცილებული დავალიანება',
    applicationLabel: 'სესხის განაცხადი',
    loginToSee: 'შედით ანგარიშში, რომ ნახოთ თქვენი სესხები და ლიმიტი.',
    empty: 'აქტიური სესხები არ გაქვთ.',
    error: 'სესხების ჩატვირთვა ვერ მოხერხდა.',
    outstanding: 'დარჩენილი',
    nextPayment: 'შემდეგი გადახდა',
    term: 'ვადა',
    months: 'თვე',
    amountLimit: 'ლიმიტი',
    termLimit: 'შესაძლო ვადები',
    termFixed: 'ვადა (ფიქსირებული)',
    status: {
      active: 'აქტიური',
      overdue: 'ვადაგადაცილებული',
      repaid: 'დაფარული',
    },
  },
  session: {
    banned:
      'თქვენი ანგარიში დაბლოკილია და სესია დასრულდა. დამატებითი ინფორმაციისთვის დაგვიკავშირდით.',
    expired: 'სესიის ვადა ამოიწურა. გთხოვთ, ხელახლა შეხვიდეთ ანგარიშში.',
    elsewhere: 'თქვენ გამოხვედით ანგარიშიდან სხვა ფანჯარაში.',
    loginAgain: 'ხელახლა შესვლა',
    dismiss: 'შეტყობინების დახურვა',
  },
  verification: {
    /** The verification steps' slot on a customer's home page (the host's). */
    label: 'ანგარიშის ვერიფიკაცია',
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
    title: 'ხელშეკრულების პირობები',
    registration: 'რეგისტრაციის პირობები',
    loan: 'სესხის ხელშეკრულების პირობები',
    version: 'ვერსია',
    published: 'გამოქვეყნდა',
    error: 'პირობების ჩატვირთვა ვერ მოხერხდა.',
    empty: 'პირობები ჯერ არ გამოქვეყნებულა.',
  },
} as const;

/** Fills `{name}` slots in a string from the table above. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in values ? String(values[name]) : slot,
  );
}
