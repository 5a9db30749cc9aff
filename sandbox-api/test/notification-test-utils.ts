import type { LightMyRequestResponse } from 'fastify';
import type { NotificationView } from '../src/lib/notifications';
import type { TestContext } from './build';
import { createLoanTerms, type LoanBody } from './loan-test-utils';
import { createUser, type UserOverrides } from './user-utils';

/** A notification as the feed answers it: the sandbox's own view of one. */
export type NotificationBody = NotificationView;

export interface Feed {
  results: NotificationBody[];
  has_more: boolean;
}

export interface OutboxBody {
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
  purpose: string;
  created_at: string;
}

export interface Customer {
  id: number;
  personalNumber: string;
  phone: string;
  email: string;
  /** Any provider call as this customer (a fresh token each time: tests move the clock). */
  api: (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ) => Promise<LightMyRequestResponse>;
  feed: (query?: string) => Promise<Feed>;
  unread: () => Promise<number>;
  /** The notifications sent to their phone (`sms`) or e-mail (`email`), newest first. */
  sent: (channel: 'sms' | 'email') => Promise<OutboxBody[]>;
}

/** A fully verified customer with a phone and e-mail of their own. */
export async function customer(
  ctx: () => TestContext,
  overrides: UserOverrides = {},
): Promise<Customer> {
  const user = await createUser(ctx, { fully_verified: true, ...overrides });
  const api: Customer['api'] = async (method, url, payload) =>
    ctx().call({
      method,
      url,
      token: (await ctx().app.tokens.pair(user.id)).access,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const outbox = async (to: string) =>
    (
      await ctx().call({
        url: `/__sandbox/outbox?to=${encodeURIComponent(to)}&purpose=notification`,
      })
    ).json<OutboxBody[]>();
  return {
    id: user.id,
    personalNumber: user.personal_number,
    phone: user.phone_number,
    email: user.email,
    api,
    feed: async (query = '') => (await api('GET', `/api/user/notifications/${query}`)).json<Feed>(),
    unread: async () =>
      (await api('GET', '/api/user/notifications/unread_count/')).json<{ unread: number }>().unread,
    sent: (channel) => outbox(channel === 'sms' ? user.phone_number : user.email),
  };
}

/** A customer with a loan of `amount` over 3 months issued now, through the API. */
export async function customerWithLoan(
  ctx: () => TestContext,
  amount = '1000.00',
  overrides: UserOverrides = {},
): Promise<Customer & { loan: LoanBody }> {
  const { current } = await createLoanTerms(ctx().app);
  const borrower = await customer(ctx, overrides);
  const applied = await borrower.api('POST', '/api/loan/loan_application/', {
    amount,
    term: 3,
    terms_of_contract: current,
  });
  if (applied.statusCode !== 201) throw new Error(`application refused: ${applied.body}`);
  const [loan] = (await borrower.api('GET', '/api/loan/loan/')).json<LoanBody[]>();
  if (!loan) throw new Error('no loan issued');
  return { ...borrower, loan };
}

/** Runs the day's notices at `at` (the development helper). */
export async function runNotices(ctx: () => TestContext, at: string) {
  const response = await ctx().call({
    method: 'POST',
    url: '/__sandbox/notifications/run',
    payload: { at },
  });
  if (response.statusCode !== 200) throw new Error(`run refused: ${response.body}`);
  return response.json<{ at: string; date: string | null; written: number; released: number }>();
}
