import { z } from 'zod';
import { badRequestSchema, detailErrorSchema } from '../../lib/http-errors';
import { type Tetri, toTetri } from '../../lib/money';
import { choiceInput, textInput } from '../../lib/text-fields';
import { APPLICATION_STATUSES } from '../../lib/user-view';

// ---- requests ----

/** Digits, optionally a dot and one or two: "100", "100.5", "100.50" (as DRF's DecimalField). */
const MONEY_INPUT = /^\d{1,10}(\.\d{1,2})?$/;
const MONEY_MESSAGE = 'შეიყვანეთ თანხა ლარებში, მაქსიმუმ ორი ათწილადი ნიშნით (მაგ. 1500.00).';
const MONEY_TYPE_MESSAGE = 'თანხა გადმოეცით ტექსტად (მაგ. "1500.00"), არა რიცხვად.';

/**
 * Money in a request: a decimal string with up to two places, judged as written and parsed to
 * exact tetri. A JSON number is refused, whatever it looks like: by the time the schema sees
 * it, JSON.parse has rounded it to a float (1e2, 100.000000000000001 and
 * 0.009999999999999999999 would pay 100.00, 100.00 and 0.01).
 */
export const moneyInput = z
  .string({
    // Other types keep zod's message, which the error handler words ("required", "wrong type").
    error: (issue) => (typeof issue.input === 'number' ? MONEY_TYPE_MESSAGE : undefined),
  })
  .regex(MONEY_INPUT, MONEY_MESSAGE)
  .transform((value): Tetri => toTetri(value));

/** A query string carries text only, so the calculator's amount is a decimal string. */
export const moneyQuery = z
  .string()
  .max(20)
  .regex(MONEY_INPUT, MONEY_MESSAGE)
  .transform((value): Tetri => toTetri(value));

const TERM_MESSAGE = 'ვადა უნდა იყოს თვეების მთელი რიცხვი.';

export const termInput = z.number().int().min(1).max(600);

export const termQuery = z
  .string()
  .max(3)
  .regex(/^\d{1,3}$/, TERM_MESSAGE)
  .transform(Number);

export const calculatorQuery = z.object({ amount: moneyQuery, term: termQuery }).strict();

export const applicationBody = z
  .object({
    amount: moneyInput,
    term: termInput,
    terms_of_contract: z.number().int().min(1).max(2_147_483_647),
  })
  .strict();

export const validationBody = z.object({ amount: moneyInput, term: termInput }).strict();

export const repayBody = z.object({ amount: moneyInput }).strict();

const DATE_MESSAGE = 'შეიყვანეთ თარიღი ფორმატით წწწწ-თთ-დდ (მაგ. 2026-12-01).';
/** A calendar date as ISO text; an impossible one (2026-02-30) is refused like a malformed one. */
export const dateInput = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return (
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, DATE_MESSAGE);
export const payoffQuery = z.object({ date: dateInput.optional() }).strict();
export const payoffBody = z.object({ date: dateInput.optional() }).strict().nullish();

/** A call that takes no body accepts none or `{}`. */
export const emptyBody = z.object({}).strict().nullish();

/**
 * Ids stay text here: a path that is not a whole number is simply not found, as with Django's
 * router. Fastify's maxParamLength (100) already bounds the length.
 */
export const idParams = z.object({ id: z.string() }).strict();

/** The id in a path, or null when it cannot name a row. */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

// ---- answers ----

export const money = z.string().regex(/^-?\d+\.\d{2}$/);
/** Rates (annual or daily percent) are never below zero, whatever money may be. */
const rate = z.string().regex(/^\d+\.\d{2}$/);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const timestamp = z.string().min(10);

export const scheduleRowSchema = z.object({
  number: z.number().int(),
  date: isoDate,
  principal: money,
  interest: money,
  payment: money,
  balance: money,
});

/** What a customer is offered: the calculator's figures, kept with an application (v1.2). */
const keyTermsSchema = z.object({
  amount: money,
  term: z.number().int(),
  monthly_payment: money,
  total_payment: money,
  total_interest: money,
  service_fee: money,
  interest_rate: rate,
  effective_interest_rate: rate,
});

export const calculationSchema = keyTermsSchema.extend({
  min_amount: money,
  max_amount: money,
  terms: z.array(z.number().int()),
  schedule: z.array(scheduleRowSchema),
});

export const applicationStatus = z.enum(APPLICATION_STATUSES);

export const applicationSchema = z.object({
  id: z.number().int(),
  amount: money,
  term: z.number().int(),
  status: applicationStatus,
  monthly_payment: money,
  created_at: timestamp,
  decided_at: timestamp.nullable(),
  rejection_reason: z.string().nullable(),
});

export const loanSchema = z.object({
  id: z.number().int(),
  application: z.number().int(),
  amount: money,
  term: z.number().int(),
  status: z.enum(['active', 'overdue', 'repaid', 'withdrawn']),
  issued_at: timestamp,
  monthly_payment: money,
  outstanding: money,
  next_payment_date: isoDate.nullable(),
  next_payment_amount: money.nullable(),
  withdrawal_until: isoDate,
  closed_at: timestamp.nullable(),
  schedule: z.array(scheduleRowSchema.extend({ paid: z.boolean() })),
});

export const overdueSchema = z.object({
  loan: z.number().int(),
  overdue_days: z.number().int().nonnegative(),
  overdue_amount: money,
  penalty: money,
  total_due: money,
  penalty_rate: rate,
  penalty_per_day: money,
});

export const payoffSchema = z.object({
  loan: z.number().int(),
  date: isoDate,
  principal: money,
  interest: money,
  penalty: money,
  total: money,
  scheduled_remaining: money,
  interest_saved: money,
});
export const withdrawalSchema = z.object({
  loan: z.number().int(),
  available: z.boolean(),
  until: isoDate,
  amount_to_return: money,
  interest: money,
  fee_refunded: money,
});
export const validSchema = z.object({ valid: z.literal(true) });

// ---- v1.2: a loan's records ----

export const paymentSchema = z.object({
  id: z.number().int(),
  loan: z.number().int(),
  kind: z.enum(['repayment', 'payoff', 'autopay']),
  amount: money,
  penalty: money,
  interest: money,
  principal: money,
  paid_at: timestamp,
  /** `R-<loan id>-<n>`, as the contract numbers them (payments.ts writes them so). */
  receipt_number: z.string().regex(/^R-\d+-\d+$/),
  /** v1.3: the payment order that paid it, or null (repay/, payoff/, before v1.3). */
  order: z.number().int().nullable(),
});

export const contractSchema = z.object({
  loan: z.number().int(),
  terms: z.object({
    id: z.number().int(),
    title: z.string(),
    version: z.string(),
    published_at: timestamp,
    content: z.string(),
  }),
  accepted_at: timestamp,
  key_terms: keyTermsSchema,
});

export const HARDSHIP_KINDS = ['payment_holiday', 'date_change', 'restructuring'] as const;
export const HARDSHIP_REASONS = ['income_loss', 'illness', 'other'] as const;
export const HARDSHIP_STATUSES = ['received', 'accepted', 'declined'] as const;

export const hardshipBody = z
  .object({
    kind: choiceInput(HARDSHIP_KINDS),
    reason: choiceInput(HARDSHIP_REASONS),
    text: textInput(0, 1000).default(''),
  })
  .strict();

export const hardshipSchema = z.object({
  id: z.number().int(),
  loan: z.number().int(),
  kind: z.enum(HARDSHIP_KINDS),
  reason: z.enum(HARDSHIP_REASONS),
  text: z.string(),
  status: z.enum(HARDSHIP_STATUSES),
  created_at: timestamp,
  answer_due: isoDate,
  answer: z.string().nullable(),
});

/** The error answers every loan call can give (DRF shapes; 400 is either kind). */
export const errorResponses = {
  400: badRequestSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
  500: detailErrorSchema,
} as const;
