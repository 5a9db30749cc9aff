import { HttpResponse, http } from 'msw';
import type { Card } from 'shared/api/user/cards';
import { setPaymentPageOrigins } from 'shared/lib/payment-page';
import { mswServer } from 'shared/testing/msw-server';
import { afterEach, beforeEach } from 'vitest';
import type { PaymentOrder } from '../features/card-payment/api/payment-orders';

/*
 * Contract v1.3's payment orders and saved cards over msw, keeping state as the sandbox does:
 * one order per Idempotency-Key (the same key and body answer the same order, 200; another body
 * 422), one open order per loan (`payment_in_progress`), cancel while `created`. A test can lose
 * the answers of the next creates (the order is made, the page hears nothing), or the requests
 * (the provider hears nothing).
 */

/** The sandbox's bank, as the page's configuration names it in tests. */
export const BANK_ORIGIN = 'http://127.0.0.1:4100';

/** Each test of the file runs on a page whose configuration names the sandbox's bank. */
export function onAPageThatKnowsTheBank(): void {
  beforeEach(() => setPaymentPageOrigins([BANK_ORIGIN]));
  afterEach(() => setPaymentPageOrigins([]));
}

/** An order as the contract writes it; tests change what they are about. */
export function orderOf(
  fields: Partial<PaymentOrder> & Pick<PaymentOrder, 'id' | 'loan'>,
): PaymentOrder {
  return {
    purpose: 'repayment',
    amount: '272.09',
    status: 'created',
    redirect_url: `${BANK_ORIGIN}/pay/tok-${fields.id}`,
    return_url: 'http://localhost:3000/payment',
    created_at: '2026-11-22T10:15:00+04:00',
    expires_at: '2026-11-22T10:30:00+04:00',
    decided_at: null,
    decline_reason: null,
    card: null,
    payment: null,
    ...fields,
  };
}

export const visaCard: Card = {
  id: 3,
  brand: 'visa',
  last4: '1111',
  expires: '12/28',
  saved_at: '2026-10-01T12:00:00+04:00',
};

interface CreateRequest {
  loan: number;
  key: string | null;
  body: Record<string, unknown>;
}

export interface FakeOrderProvider {
  /** The customer's orders, newest first. */
  orders: PaymentOrder[];
  cards: Card[];
  /** Every create request the page sent, in order. */
  creates: CreateRequest[];
  cancels: number[];
  /** The next this many creates are made, but their answers are lost on the way. */
  loseAnswers: number;
  /** The next this many creates are lost before the provider hears them (no order made). */
  dropRequests: number;
  /** How many orders were made per Idempotency-Key. */
  ordersPerKey: () => Map<string, number>;
}

export function fakeOrderProvider(
  initial: { orders?: PaymentOrder[]; cards?: Card[] } = {},
  options: { redirectUrl?: (id: number) => string } = {},
): FakeOrderProvider {
  const byKey = new Map<string, { body: string; order: number }>();
  const made = new Map<string, number>();
  const state: FakeOrderProvider = {
    orders: structuredClone(initial.orders ?? []),
    cards: structuredClone(initial.cards ?? []),
    creates: [],
    cancels: [],
    loseAnswers: 0,
    dropRequests: 0,
    ordersPerKey: () => new Map(made),
  };
  // New orders are numbered after those the provider starts with (101 for an empty one).
  let nextId = Math.max(100, ...state.orders.map((order) => order.id));
  const find = (id: number) => state.orders.find((order) => order.id === id);
  /** A create's answer, unless it is to be lost on the way. */
  const answer = (response: Response) => {
    if (state.loseAnswers === 0) return response;
    state.loseAnswers -= 1;
    return HttpResponse.error();
  };
  const notFound = () =>
    HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });

  mswServer.use(
    http.get('*/api/loan/payment_orders/', () => HttpResponse.json(state.orders)),
    http.get('*/api/loan/payment_orders/:id/', ({ params }) => {
      const order = find(Number(params.id));
      return order ? HttpResponse.json(order) : notFound();
    }),
    http.post('*/api/loan/payment_orders/:id/cancel/', ({ params }) => {
      const order = find(Number(params.id));
      if (!order) return notFound();
      state.cancels.push(order.id);
      if (order.status !== 'created') {
        return HttpResponse.json(
          { detail: 'გადახდის გაუქმება შეუძლებელია.', code: 'order_not_cancelable' },
          { status: 400 },
        );
      }
      Object.assign(order, {
        status: 'canceled',
        redirect_url: null,
        decided_at: '2026-11-22T10:20:00+04:00',
      });
      return HttpResponse.json(order);
    }),
    http.post('*/api/loan/loan/:id/payment_orders/', async ({ params, request }) => {
      const loan = Number(params.id);
      const key = request.headers.get('Idempotency-Key');
      const body = (await request.json()) as Record<string, unknown>;
      state.creates.push({ loan, key, body });
      if (state.dropRequests > 0) {
        state.dropRequests -= 1;
        return HttpResponse.error();
      }
      if (!key || !/^[A-Za-z0-9_-]{1,64}$/.test(key)) {
        return HttpResponse.json(
          { detail: 'Idempotency-Key სავალდებულოა.', code: 'idempotency_key_required' },
          { status: 400 },
        );
      }
      const seen = byKey.get(key);
      const bodyText = JSON.stringify(body);
      if (seen) {
        if (seen.body !== bodyText) {
          return HttpResponse.json(
            { detail: 'გასაღები სხვა მოთხოვნისთვის გამოიყენება.', code: 'idempotency_key_reused' },
            { status: 422 },
          );
        }
        return answer(HttpResponse.json(find(seen.order), { status: 200 }));
      }
      const open = state.orders.find(
        (order) =>
          order.loan === loan && (order.status === 'created' || order.status === 'processing'),
      );
      if (open) {
        return HttpResponse.json(
          {
            detail: 'ამ სესხის გადახდა უკვე მიმდინარეობს.',
            code: 'payment_in_progress',
            order: open.id,
          },
          { status: 400 },
        );
      }
      const card = typeof body.card === 'number' ? body.card : null;
      const savedAtOnce =
        card !== null && !state.cards.find((c) => c.id === card)?.last4.endsWith('3220');
      nextId += 1;
      const order = orderOf({
        id: nextId,
        loan,
        purpose: body.purpose as PaymentOrder['purpose'],
        amount: typeof body.amount === 'string' ? body.amount : '1129.12',
        return_url: String(body.return_url),
        status: savedAtOnce ? 'processing' : 'created',
        redirect_url: savedAtOnce
          ? null
          : (options.redirectUrl?.(nextId) ?? `${BANK_ORIGIN}/pay/tok-${nextId}`),
        card: state.cards.find((c) => c.id === card) ?? null,
      });
      state.orders.unshift(order);
      byKey.set(key, { body: bodyText, order: order.id });
      made.set(key, (made.get(key) ?? 0) + 1);
      return answer(HttpResponse.json(order, { status: 201 }));
    }),
    http.get('*/api/user/cards/', () => HttpResponse.json(state.cards)),
  );
  return state;
}

/** A provider without v1.3: the orders list is a path it does not know. */
export function withoutPaymentOrders(): void {
  mswServer.use(
    http.get('*/api/loan/payment_orders/', () =>
      HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
    ),
  );
}
