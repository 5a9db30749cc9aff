import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { CardRule } from '../src/lib/bank-rules';
import { saveCard } from '../src/lib/cards';
import type { TestContext } from './build';
import { accessToken, borrower, type LoanBody } from './loan-test-utils';

/** Where the client asks the bank to send the customer back (an origin of testConfig's). */
export const RETURN_URL = 'http://localhost:3000/loans/payment?from=bank';

export interface OrderBody {
  id: number;
  loan: number;
  purpose: 'repayment' | 'payoff' | 'autopay';
  amount: string;
  status: string;
  redirect_url: string | null;
  return_url: string;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  decline_reason: string | null;
  card: { id: number; brand: string; last4: string; expires: string; saved_at: string } | null;
  payment: {
    id: number;
    kind: string;
    amount: string;
    penalty: string;
    interest: string;
    principal: string;
    receipt_number: string;
    order: number | null;
  } | null;
}

export interface Payer {
  userId: number;
  loan: LoanBody;
  /** Any provider call as this customer, with their token. */
  api: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  /** POST …/payment_orders/ of their loan (or `loanId`) with `key` (a fresh one by default). */
  order: (
    body: Record<string, unknown>,
    key?: string | null,
    loanId?: number,
  ) => Promise<LightMyRequestResponse>;
  /** A saved card of theirs with `last4`, answered by the bank as `rule`. */
  card: (last4: string, rule?: CardRule) => Promise<number>;
}

/** A customer with a 1000.00/3 loan issued at the clock's now (see loan-test-utils). */
export async function payer(ctx: () => TestContext, terms?: { current: number }): Promise<Payer> {
  const { userId, loan } = await borrower(ctx, '1000.00', 3, terms);
  const api: Payer['api'] = async (method, url, payload, headers = {}) =>
    ctx().call({
      method,
      url,
      token: await accessToken(ctx().app, userId),
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    userId,
    loan,
    api,
    order: (body, key = randomUUID(), loanId = loan.id) =>
      api(
        'POST',
        `/api/loan/loan/${loanId}/payment_orders/`,
        body,
        key === null ? {} : { 'idempotency-key': key },
      ),
    card: (last4, rule = 'approve') =>
      ctx().app.db.transaction((tx) =>
        saveCard(
          tx,
          userId,
          { brand: 'visa', last4, expires: '12/30', rule },
          ctx().app.clock.now(),
        ),
      ),
  };
}

/** A repayment order's body: `amount` to `RETURN_URL`, no saved card. */
export const repayment = (amount: string, extra: Record<string, unknown> = {}) => ({
  purpose: 'repayment',
  amount,
  card: null,
  save_card: false,
  return_url: RETURN_URL,
  ...extra,
});
