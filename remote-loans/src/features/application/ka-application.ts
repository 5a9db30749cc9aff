import { kaLoanFigures } from 'shared/strings/ka-loan-figures';

/** The loans slice's application copy, in Georgian. */
export const kaApplication = {
  title: 'სესხის განაცხადი',
  checking: 'ვამოწმებთ, შეგიძლიათ თუ არა განაცხადის გაკეთება…',
  checkFailed: 'შემოწმება ვერ მოხერხდა.',
  backToCalculator: 'კალკულატორზე დაბრუნება',
  noRequest: 'ჯერ კალკულატორში აირჩიეთ თანხა და ვადა.',
  chosen: '{amount}, {term}',
  months: '{count} თვე',
  blocked: {
    not_verified: {
      title: 'ჯერ საჭიროა ვერიფიკაცია',
      text: 'სესხის მისაღებად დაადასტურეთ ელ-ფოსტა და ტელეფონი და ატვირთეთ პირადობის ფოტოები.',
      action: 'ვერიფიკაციის გავლა',
    },
    limit_exceeded: {
      title: 'თანხა აღემატება თქვენს ლიმიტს',
      text: 'თქვენი ლიმიტია {limit}. შეამცირეთ თანხა ლიმიტამდე.',
      textNoLimit: 'შეამცირეთ თანხა კალკულატორში.',
      action: 'თანხის შემცირება {limit}-მდე',
    },
    term_not_allowed: {
      title: 'ეს ვადა თქვენთვის ხელმისაწვდომი არ არის',
      text: 'აირჩიეთ ერთ-ერთი ხელმისაწვდომი ვადა:',
      action: '{count} თვე',
    },
    has_pending_application: {
      title: 'თქვენ უკვე გაქვთ განხილვაში მყოფი განაცხადი',
      text: 'ახალ განაცხადს მისი გადაწყვეტის შემდეგ გააკეთებთ.',
      action: 'განაცხადის ნახვა',
    },
    has_overdue_loan: {
      title: 'გაქვთ ვადაგადაცილებული სესხი',
      text: 'ახალი სესხი შესაძლებელია ვადაგადაცილებული დავალიანების დაფარვის შემდეგ.',
      action: 'ვადაგადაცილებული დავალიანების გადახდა',
    },
  },
  keyTerms: {
    title: 'სესხის ძირითადი პირობები',
    intro: 'გთხოვთ, ხელშეკრულების დადებამდე გაეცნოთ სესხის ძირითად პირობებს.',
    amount: kaLoanFigures.amount,
    term: kaLoanFigures.term,
    monthlyPayment: 'ყოველთვიური შენატანი',
    totalPayment: kaLoanFigures.totalPayment,
    totalInterest: kaLoanFigures.totalInterest,
    serviceFee: kaLoanFigures.serviceFee,
    interestRate: kaLoanFigures.interestRate,
    effectiveRate: kaLoanFigures.effectiveRate,
    firstDue: 'პირველი გადახდის თარიღი',
    lastDue: 'ბოლო გადახდის თარიღი',
    schedule: 'გადახდის გრაფიკი',
    error: 'პირობების გაანგარიშება ვერ მოხერხდა.',
  },
  contract: {
    title: 'სესხის ხელშეკრულების პირობები',
    loading: 'ხელშეკრულების პირობები იტვირთება…',
    error: 'ხელშეკრულების პირობები ვერ ჩაიტვირთა.',
    missing:
      'ხელშეკრულების პირობები ჯერ არ გამოქვეყნებულა; განაცხადის გაგზავნა ამჟამად შეუძლებელია.',
    accept: 'წავიკითხე და ვეთანხმები სესხის ხელშეკრულების პირობებს',
    mustAccept: 'განაცხადის გასაგზავნად დაეთანხმეთ ხელშეკრულების პირობებს.',
    republished: 'ხელშეკრულების პირობები განახლდა. გაეცანით ახალ ვერსიას და დაეთანხმეთ ხელახლა.',
    submit: 'განაცხადის გაგზავნა',
    submitting: 'იგზავნება…',
  },
  status: {
    title: 'განაცხადის სტატუსი',
    submitted: 'განაცხადი {amount}, {term} · გაგზავნილია {date}',
    pending:
      'თქვენი განაცხადი განხილვაშია. გადაწყვეტილებას აქ ნახავთ — გვერდის განახლება არ არის საჭირო.',
    approved: 'განაცხადი დამტკიცდა! სესხს ახლა გაცემთ.',
    issued: 'სესხი გაცემულია! ის უკვე ჩანს თქვენს სესხებში.',
    issuedFirstPayment: 'პირველი გადახდა: {amount}, {date}.',
    rejected: 'სამწუხაროდ, განაცხადი არ დამტკიცდა.',
    rejectedReason: 'მიზეზი: {reason}',
    rejectedNext:
      'შეგიძლიათ სცადოთ უფრო მცირე თანხით ან მოგვიანებით. კითხვების შემთხვევაში დაგვიკავშირდით.',
    canceled: 'განაცხადი გაუქმებულია.',
    cancel: 'განაცხადის გაუქმება',
    cancelConfirm: 'ნამდვილად გსურთ განაცხადის გაუქმება?',
    cancelYes: 'დიახ, გაუქმება',
    cancelNo: 'არა, დავტოვოთ',
    cancelling: 'უქმდება…',
    done: 'ახალი გაანგარიშება',
    error: 'განაცხადის სტატუსი ვერ ჩაიტვირთა.',
  },
} as const;
