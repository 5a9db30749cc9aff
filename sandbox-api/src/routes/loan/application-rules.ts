import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database';
import { boundsFor, georgianDate } from '../../lib/calculator';
import { HttpError } from '../../lib/http-errors';
import { loadLoans, overdueOf } from '../../lib/loan-view';
import { type Tetri, toTetri } from '../../lib/money';
import { PRODUCT } from '../../lib/products';
import { limitFor, verificationOf } from '../../lib/verification';
import type { UserRow } from '../../plugins/auth';

/** Field-level rule of an application's amount (DRF runs these before the business rules). */
export function amountFieldErrors(amount: Tetri): Record<string, string[]> {
  return amount < toTetri(PRODUCT.minAmount)
    ? { amount: [`თანხა უნდა იყოს არანაკლებ ${PRODUCT.minAmount} ლარისა.`] }
    : {};
}

const business = (code: string, detail: string) => new HttpError(400, code, detail);

/**
 * The business rules of a new application, in the order the client is told about them:
 * verification, an overdue loan, an open application, then the limit's amount and terms.
 * An approved application not yet issued counts as open.
 */
export async function checkNewApplication(
  app: FastifyInstance,
  q: Queryable,
  user: UserRow,
  amount: Tetri,
  term: number,
): Promise<void> {
  const now = app.clock.now();
  const { full_verification } = await verificationOf(q, user, now, app.config.decisionDelaySeconds);
  if (!full_verification) {
    throw business(
      'not_verified',
      'სესხის მოსათხოვად საჭიროა სრული ვერიფიკაცია: დაადასტურეთ ელფოსტა, ტელეფონის ნომერი და პირადობის ფოტოები.',
    );
  }
  const today = georgianDate(now);
  const loans = await loadLoans(q, user.id);
  if (loans.some((loan) => overdueOf(loan, today) !== null)) {
    throw business(
      'has_overdue_loan',
      'თქვენ გაქვთ ვადაგადაცილებული სესხი. ახალი სესხის მოსათხოვად ჯერ დაფარეთ დავალიანება.',
    );
  }
  const open = await q.query(
    `SELECT 1 FROM loan_applications WHERE user_id = $1 AND status IN ('pending', 'approved') LIMIT 1`,
    [user.id],
  );
  if (open.length > 0) {
    throw business(
      'has_pending_application',
      'თქვენ უკვე გაქვთ განხილვის პროცესში მყოფი განაცხადი.',
    );
  }
  const bounds = boundsFor(limitFor(full_verification));
  if (amount > toTetri(bounds.max_amount)) {
    throw business(
      'limit_exceeded',
      `მოთხოვნილი თანხა აღემატება თქვენს ლიმიტს (${bounds.max_amount} ლარი).`,
    );
  }
  if (!bounds.terms.includes(term)) {
    throw business(
      'term_not_allowed',
      `არჩეული ვადა თქვენთვის ხელმისაწვდომი არ არის. ხელმისაწვდომი ვადები: ${bounds.terms.join(', ')} თვე.`,
    );
  }
}
