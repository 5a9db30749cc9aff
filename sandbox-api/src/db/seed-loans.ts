import type { FastifyInstance } from 'fastify';
import { georgianDate, planLoan } from '../lib/calculator';
import { KEY_TERM_COLUMNS, keyTermsOf, keyTermValues } from '../lib/key-terms';
import { issueLoan } from '../lib/loan-settlement';
import { toTetri } from '../lib/money';
import { recordPayment } from '../lib/payments';
import type { Queryable } from './database';

const DAY_MS = 24 * 60 * 60 * 1000;

interface SeedLoan extends GivenLoan {
  personalNumber: string;
}

/**
 * Loans of the seed users, so every loan state is on screen at first start:
 * 01001000001 has a repaid loan and an active one, 01001000004 an overdue one (first
 * payment made, the next ones missed), 01001000006 one issued 3 days ago (inside its 14 days
 * to withdraw; 01001000001's active one is past them). Times are relative to the sandbox clock.
 */
const SEED_LOANS: readonly SeedLoan[] = [
  { personalNumber: '01001000001', amount: '500.00', term: 3, daysAgo: 200, paidRows: 3 },
  { personalNumber: '01001000001', amount: '800.00', term: 3, daysAgo: 20, paidRows: 0 },
  { personalNumber: '01001000004', amount: '1500.00', term: 6, daysAgo: 95, paidRows: 1 },
  { personalNumber: '01001000006', amount: '1000.00', term: 6, daysAgo: 3, paidRows: 0 },
];

async function idOf(tx: Queryable, personalNumber: string): Promise<number> {
  const [user] = await tx.query<{ id: number }>('SELECT id FROM users WHERE personal_number = $1', [
    personalNumber,
  ]);
  // The user seed runs first in the same transaction; a missing user is a bug to surface.
  if (!user) throw new Error(`seed user ${personalNumber} is missing`);
  return user.id;
}

/** A loan as the seed and the development helper give it: issued `daysAgo`, rows paid on time. */
export interface GivenLoan {
  amount: string;
  term: number;
  daysAgo: number;
  /** How many schedule rows were paid, each on its due date. */
  paidRows: number;
}

async function currentLoanTermsId(tx: Queryable): Promise<number> {
  const [terms] = await tx.query<{ id: number }>(
    'SELECT id FROM terms_of_contract WHERE contact_type = 1 ORDER BY published_at DESC, id DESC LIMIT 1',
  );
  if (!terms) throw new Error('the loan terms of contract must be seeded before the loans');
  return terms.id;
}

/**
 * Writes one issued loan of `userId` as if applied for and approved `daysAgo` (relative to the
 * sandbox clock), its first `paidRows` rows paid on their due dates; a loan paid in full is
 * closed as repaid at its last payment. Runs inside the caller's transaction.
 */
export async function giveLoan(
  tx: Queryable,
  app: FastifyInstance,
  userId: number,
  loan: GivenLoan,
  termsId?: number,
): Promise<number> {
  const issuedAt = new Date(app.clock.now().getTime() - loan.daysAgo * DAY_MS);
  const createdAt = new Date(issuedAt.getTime() - 2 * 60 * 60 * 1000);
  const decidedAt = new Date(issuedAt.getTime() - 60 * 60 * 1000);
  const offer = keyTermsOf(planLoan(toTetri(loan.amount), loan.term, georgianDate(createdAt)));
  const [application] = await tx.query<{ id: number }>(
    `INSERT INTO loan_applications
       (user_id, amount, term, terms_of_contract_id, status, created_at, decided_at, ${KEY_TERM_COLUMNS})
     VALUES ($1, $2, $3, $4, 'approved', $5::timestamptz, $6::timestamptz, $7, $8, $9, $10, $11, $12)
     RETURNING id`,
    [
      userId,
      loan.amount,
      loan.term,
      termsId ?? (await currentLoanTermsId(tx)),
      createdAt.toISOString(),
      decidedAt.toISOString(),
      ...keyTermValues(offer),
    ],
  );
  if (!application) throw new Error('seed application insert returned no row');
  const { loanId, plan } = await issueLoan(
    app,
    tx,
    { id: application.id, userId, amount: loan.amount, term: loan.term },
    issuedAt,
  );
  const paid = plan.schedule.slice(0, loan.paidRows);
  for (const row of paid) {
    await tx.query(
      'UPDATE loan_schedule SET paid_amount = payment WHERE loan_id = $1 AND number = $2',
      [loanId, row.number],
    );
    // Each row paid on its due date, on time: its interest and its principal, no penalty.
    await recordPayment(
      app,
      tx,
      loanId,
      { kind: 'repayment', order: null },
      { penalty: 0n, interest: row.interest, principal: row.principal },
      new Date(`${row.date}T12:00:00+04:00`),
    );
  }
  const last = paid.at(-1);
  if (last && paid.length === plan.schedule.length) {
    // Repaid by its last payment: closed then.
    await tx.query(
      `UPDATE loans SET closed_at = $2::timestamptz, closed_as = 'repaid' WHERE id = $1`,
      [loanId, `${last.date}T12:00:00+04:00`],
    );
  }
  return loanId;
}

export async function seedLoans(tx: Queryable, app: FastifyInstance): Promise<void> {
  const termsId = await currentLoanTermsId(tx);
  for (const seed of SEED_LOANS) {
    await giveLoan(tx, app, await idOf(tx, seed.personalNumber), seed, termsId);
  }
}
