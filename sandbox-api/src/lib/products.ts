/**
 * The sandbox's loan product, configured in one place. The effective annual rate of every
 * offer stays below the 50% cap announced under Civil Code art. 625 (the calculator tests
 * check every amount/term corner).
 */
export const PRODUCT = {
  /** Nominal annual interest rate, percent. */
  nominalAnnualRate: '24.00',
  /** One-time service fee, percent of the amount, paid at issue (deducted from cash flows). */
  serviceFeePercent: '2.00',
  minAmount: '100.00',
  maxAmount: '10000.00',
  terms: [3, 6, 9, 12, 18, 24] as const,
  /** Daily penalty on the overdue amount, percent. */
  dailyPenaltyPercent: '0.10',
} as const;

/**
 * Loan limits (decision: sandbox-api/README.md). A customer who is not fully verified gets a
 * small amount and one fixed term, so the client's fixed-duration path is real.
 */
export const LIMITS = {
  unverified: { amountLimit: '500.00', termLimit: [3] },
  verified: { amountLimit: '5000.00', termLimit: [3, 6, 12, 24] },
} as const;
