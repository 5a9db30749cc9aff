import type { TermsOfContract } from '../api/cms/terms-of-contract';
import type { Loan } from '../api/loan/loans';
import type { Card } from '../api/user/cards';
import type { LoanLimit } from '../api/user/loan-limit';
import type { User } from '../api/user/user-details';

/** Contract-shaped sample answers, shared by every slice's tests. */
export const slides = [
  {
    id: 2,
    title: 'სესხი 15 წუთში',
    description: 'განაცხადი ონლაინ, გადაწყვეტილება წუთებში.',
    image: '/media/slider/fast.webp',
    link: '/static',
    order: 2,
  },
  {
    id: 1,
    title: 'პირველი სესხი 0% სერვისის საკომისიოთი',
    description: 'ახალ მომხმარებლებს სერვისის საკომისიოს არ ვახდევინებთ.',
    image: '/media/slider/first.webp',
    link: null,
    order: 1,
  },
];

export const questionAnswers = [
  {
    id: 1,
    question: 'ვის შეუძლია სესხის აღება?',
    answer: '<p>საქართველოს მოქალაქეს, <strong>18 წლიდან</strong>.</p>',
    order: 1,
  },
  {
    id: 2,
    question: 'რა დოკუმენტებია საჭირო?',
    answer: '<p>პირადობის მოწმობა.</p><script>window.__xss = true</script>',
    order: 2,
  },
];

/**
 * Another provider's CMS: every answer follows the contract, in shapes the sandbox never sends,
 * so a rule that holds only for the sandbox fails a test. Its images live under the API's path
 * and on its own origin by absolute address (`image` is "an absolute URL or a path on the
 * provider"), a slide without a link says so with an empty string (Django's blank URLField),
 * ids are far apart, and both lists come in no particular order (each item has its `order`).
 */
export const OTHER_PROVIDER_ORIGIN = 'https://api.provider.example';

/** The page's configuration in front of that provider (runtime configuration `provider`). */
export const otherProviderSite = {
  paths: ['/api/', '/media/'],
  origins: [OTHER_PROVIDER_ORIGIN],
};

export const otherProviderSlides = [
  {
    id: 90210,
    title: 'ონლაინ სესხი სახლიდან გაუსვლელად',
    description: 'განაცხადი ხუთ წუთში, თანხა — ანგარიშზე.',
    image: `${OTHER_PROVIDER_ORIGIN}/api/cms/media/slide-3.svg`,
    link: '',
    order: 30,
  },
  {
    id: 7,
    title: 'გადაიხადე ვადაზე ადრე — საკომისიოს გარეშე',
    description: 'ვადამდე დაფარვა ნებისმიერ დღეს.',
    image: '/api/cms/media/slide-1.svg',
    link: '/static',
    order: 10,
  },
  {
    id: 1_000_001,
    title: 'ყოველთვიური გადახდა წინასწარ ცნობილია',
    description: 'კალკულატორი გაჩვენებთ ყოველ გადახდას.',
    image: '/api/cms/media/slide-2.svg?v=4',
    link: 'https://nbg.gov.ge/',
    order: 20,
  },
];

export const otherProviderQuestionAnswers = [
  {
    id: 5003,
    question: 'როდის მივიღებ თანხას?',
    answer: '<p>დამტკიცებიდან <em>ერთ საათში</em>.</p>',
    order: 2,
  },
  {
    id: 12,
    question: 'რა ღირს სესხი?',
    answer:
      '<p>ყოველი შეთავაზება აჩვენებს ეფექტურ წლიურ განაკვეთს.</p><img src="/api/cms/media/rates.png" alt="განაკვეთები">',
    order: 1,
  },
];

export const registrationTerms: TermsOfContract = {
  id: 7,
  contact_type: 2,
  title: 'რეგისტრაციის წესები და პირობები',
  content: '<h2>1. ზოგადი დებულებები</h2><p>რეგისტრაციით ეთანხმებით ამ პირობებს.</p>',
  version: '2.1',
  published_at: '2026-09-01T10:00:00+04:00',
};

/** The personal-data notice (v1.1, contact_type 3), accepted apart from the terms at registration. */
export const personalDataNotice: TermsOfContract = {
  id: 12,
  contact_type: 3,
  title: 'პერსონალურ მონაცემთა დამუშავების შესახებ შეტყობინება',
  content:
    '<h2>1. რა მონაცემებს ვამუშავებთ</h2><p>სახელს, გვარს, პირად ნომერს და საკონტაქტო მონაცემებს.</p><p>თანხმობის გამოხმობა ნებისმიერ დროს შეგიძლიათ.</p>',
  version: '1.0',
  published_at: '2026-10-01T10:00:00+04:00',
};

/** Contract v1.3: the customer's saved cards, a Visa and a Mastercard. */
export const savedCards: Card[] = [
  { id: 7, brand: 'visa', last4: '1111', expires: '12/28', saved_at: '2026-10-20T12:00:00+04:00' },
  {
    id: 8,
    brand: 'mastercard',
    last4: '4444',
    expires: '03/27',
    saved_at: '2026-11-02T09:30:00+04:00',
  },
];

/**
 * The customer's consents (contract v1.2): the two documents accepted at registration,
 * marketing not given.
 */
export const consents = [
  {
    kind: 'terms',
    document: {
      id: registrationTerms.id,
      title: registrationTerms.title,
      version: registrationTerms.version,
    },
    given: true,
    given_at: '2026-10-05T12:00:00+04:00',
    withdrawn_at: null,
  },
  {
    kind: 'personal_data',
    document: {
      id: personalDataNotice.id,
      title: personalDataNotice.title,
      version: personalDataNotice.version,
    },
    given: true,
    given_at: '2026-10-05T12:00:00+04:00',
    withdrawn_at: null,
  },
  { kind: 'marketing', document: null, given: false, given_at: null, withdrawn_at: null },
] as const;

/**
 * The customer's choice of channels (contract v1.4), as a new customer has it: SMS and e-mail
 * on for every kind, reminded 3 days ahead; `overdue` and `payment_declined` are required.
 */
export const notificationPreferences = {
  reminder_days: 3,
  kinds: [
    'payment_due',
    'payment_received',
    'payment_declined',
    'overdue',
    'application_decided',
    'complaint_answered',
    'hardship_decided',
  ].map((kind) => ({
    kind,
    sms: true,
    email: true,
    required: kind === 'overdue' || kind === 'payment_declined',
  })),
};

export const loanTerms: TermsOfContract = {
  id: 8,
  contact_type: 1,
  title: 'სესხის ხელშეკრულების პირობები',
  content:
    '<h2>1. სესხის გაცემა</h2><p>სესხი გაიცემა ლარში.</p><img src=x onerror="window.__xss=true">',
  version: '3.0',
  published_at: '2026-10-15T10:00:00+04:00',
};

export const loans: Loan[] = [
  {
    id: 11,
    application: 21,
    amount: '1500.00',
    term: 6,
    status: 'active',
    issued_at: '2026-09-10T12:00:00+04:00',
    withdrawal_until: '2026-09-24',
    closed_at: null,
    monthly_payment: '281.44',
    outstanding: '1012.37',
    next_payment_date: '2026-12-10',
    next_payment_amount: '281.44',
    schedule: [],
  },
  {
    id: 9,
    application: 17,
    amount: '500.00',
    term: 3,
    status: 'repaid',
    issued_at: '2026-03-01T12:00:00+04:00',
    withdrawal_until: '2026-03-15',
    closed_at: '2026-06-01T12:00:00+04:00',
    monthly_payment: '176.12',
    outstanding: '0.00',
    next_payment_date: null,
    next_payment_amount: null,
    schedule: [],
  },
];

/** A logged-in customer with nothing verified yet. */
/** The provider's today in the payoff fixtures (v1.1 quotes are for today … today + 30). */
export const PAYOFF_TODAY = '2026-11-25';

/** A payoff quote of loan 11 for today: total = principal + interest + penalty. */
export const payoffQuote = {
  loan: 11,
  date: PAYOFF_TODAY,
  principal: '990.12',
  interest: '9.76',
  penalty: '0.00',
  total: '999.88',
  scheduled_remaining: '1012.37',
  interest_saved: '12.49',
};

/** What withdrawing loan 11 takes (v1.1): received 1470.00 + interest, fee 30.00 refunded. */
export const withdrawalQuote = {
  loan: 11,
  available: true,
  until: '2026-12-06',
  amount_to_return: '1474.83',
  interest: '4.83',
  fee_refunded: '30.00',
};

export const customer: User = {
  id: 42,
  personal_number: '01001012345',
  first_name: 'ნინო',
  last_name: 'ბერიძე',
  birth_date: '1990-05-14',
  email: 'nino@example.ge',
  email_verified: false,
  phone_number: '555123456',
  phone_verified: false,
  photos_status: 'none',
  full_verification: false,
  last_loan_application_status: null,
};

export const loanLimit: LoanLimit = { amount_limit: '3000.00', term_limit: [3, 6, 12] };

/** The sandbox-like product: 100–10 000 ₾, these terms; a customer's limit narrows them. */
export function calculatorBounds(limit: LoanLimit | null) {
  return {
    min_amount: '100.00',
    max_amount: limit ? limit.amount_limit : '10000.00',
    terms: limit ? [...limit.term_limit] : [3, 6, 9, 12, 18, 24],
  };
}

const money = (tetri: number) =>
  `${Math.floor(tetri / 100)}.${String(tetri % 100).padStart(2, '0')}`;

/**
 * A contract-shaped calculation for whole-lari amounts: a flat 2% a month on the amount and a
 * 2% service fee — not the provider's annuity, but consistent, so a test can compute what the
 * customer must see for any amount and term.
 */
export function calculationFor(
  amount: number,
  term: number,
  bounds: ReturnType<typeof calculatorBounds>,
) {
  const principal = amount * 100;
  const interest = principal * 0.02 * term;
  const monthly = Math.round((principal + interest) / term);
  const schedule = Array.from({ length: term }, (_, i) => ({
    number: i + 1,
    date: `2027-${String((i % 12) + 1).padStart(2, '0')}-10`,
    principal: money(Math.round(principal / term)),
    interest: money(Math.round(interest / term)),
    payment: money(monthly),
    balance: money(Math.max(0, principal - Math.round(principal / term) * (i + 1))),
  }));
  return {
    amount: money(principal),
    term,
    monthly_payment: money(monthly),
    total_payment: money(monthly * term),
    total_interest: money(monthly * term - principal),
    service_fee: money(principal * 0.02),
    interest_rate: '24.00',
    effective_interest_rate: '29.84',
    ...bounds,
    schedule,
  };
}
