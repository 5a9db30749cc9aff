import { fromTetri, toTetri } from '../src/lib/money';
import { settleOrders, startProcessing } from '../src/lib/payment-orders';
import { build, type TestContext } from './build';
import { createLoanTerms } from './loan-test-utils';
import { type OrderBody, payer, RETURN_URL, repayment } from './payment-test-utils';

const KEY_REQUIRED = { code: 'idempotency_key_required', detail: expect.any(String) };

/** The bank has the card: the order is processing, to be decided as `outcome`. */
async function bankHasCard(
  ctx: () => TestContext,
  orderId: number,
  outcome: 'succeeded' | 'insufficient_funds' = 'succeeded',
) {
  const { app } = ctx();
  const decideAt = await app.db.transaction((tx) =>
    startProcessing(app, tx, orderId, outcome, app.clock.now()),
  );
  expect(decideAt).not.toBeNull();
}

// 1000.00 over 3 months from 2026-11-22: row 1 is 2026-12-22, 346.75 (20.00 interest).
describe('payment orders (v1.3)', () => {
  const ctx = build();

  it('creates an order for the bank’s page, and the same key and body answer that order', async () => {
    const customer = await payer(ctx);
    const created = await customer.order(repayment('346.75'), 'attempt-1');
    expect(created.statusCode).toBe(201);
    const order = created.json<OrderBody>();
    expect(order).toEqual({
      id: expect.any(Number),
      loan: customer.loan.id,
      purpose: 'repayment',
      amount: '346.75',
      status: 'created',
      redirect_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:4100\/pay\/[A-Za-z0-9_-]{43}$/),
      return_url: RETURN_URL,
      created_at: '2026-11-22T06:00:00.000Z',
      expires_at: '2026-11-22T06:15:00.000Z',
      decided_at: null,
      decline_reason: null,
      card: null,
      payment: null,
    });
    // The bank's page is named by a token, not by the order's id.
    expect(new URL(order.redirect_url ?? '').pathname).not.toBe(`/pay/${order.id}`);

    const again = await customer.order(repayment('346.75'), 'attempt-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(order);
    // The same amount written otherwise is the same request.
    expect((await customer.order(repayment('0346.75'), 'attempt-1')).statusCode).toBe(200);

    const reused = await customer.order(repayment('100.00'), 'attempt-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ code: 'idempotency_key_reused', detail: expect.any(String) });

    expect((await customer.api('GET', '/api/loan/payment_orders/')).json()).toEqual([order]);
    expect((await customer.api('GET', `/api/loan/payment_orders/${order.id}/`)).json()).toEqual(
      order,
    );
  });

  it('refuses a missing or malformed Idempotency-Key before anything else', async () => {
    const customer = await payer(ctx);
    for (const key of [null, '', 'x'.repeat(65), 'has space', 'ключ', 'a/b']) {
      const answer = await customer.order(repayment('10.00'), key);
      expect(answer.statusCode, String(key)).toBe(400);
      expect(answer.json()).toEqual(KEY_REQUIRED);
    }
    // Even with a body that is wrong too.
    expect((await customer.order({ purpose: 'nonsense' }, null)).json()).toEqual(KEY_REQUIRED);
    expect((await customer.order(repayment('10.00'), 'A-z_0-9'.padEnd(64, 'x'))).statusCode).toBe(
      201,
    );
    expect((await customer.api('GET', '/api/loan/payment_orders/')).json()).toHaveLength(1);
  });

  it('makes one order of two requests racing with one key', async () => {
    const customer = await payer(ctx);
    const answers = await Promise.all([
      customer.order(repayment('50.00'), 'racing-key'),
      customer.order(repayment('50.00'), 'racing-key'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = answers.map((answer) => answer.json<OrderBody>());
    expect(first?.id).toBe(second?.id);
    const orders = await ctx().app.db.query('SELECT id FROM payment_orders');
    expect(orders).toHaveLength(1);
  });

  it('keeps keys per customer: another customer’s same key is a new order', async () => {
    const terms = await createLoanTerms(ctx().app);
    const ana = await payer(ctx, terms);
    const nino = await payer(ctx, terms);
    const first = await ana.order(repayment('10.00'), 'shared-key');
    const second = await nino.order(repayment('10.00'), 'shared-key');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json<OrderBody>().id).not.toBe(second.json<OrderBody>().id);
    // Another customer's order and loan are not found.
    const id = first.json<OrderBody>().id;
    expect((await nino.api('GET', `/api/loan/payment_orders/${id}/`)).statusCode).toBe(404);
    expect((await nino.api('POST', `/api/loan/payment_orders/${id}/cancel/`, {})).statusCode).toBe(
      404,
    );
    expect((await nino.order(repayment('10.00'), 'k', ana.loan.id)).statusCode).toBe(404);
  });

  it('allows one open order per loan, and nothing else moves its money meanwhile', async () => {
    const customer = await payer(ctx);
    const open = (await customer.order(repayment('100.00'))).json<OrderBody>();
    const inProgress = {
      code: 'payment_in_progress',
      detail: expect.any(String),
      order: open.id,
    };
    const second = await customer.order(repayment('50.00'));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(inProgress);
    const loanUrl = `/api/loan/loan/${customer.loan.id}`;
    expect((await customer.api('POST', `${loanUrl}/repay/`, { amount: '10.00' })).json()).toEqual(
      inProgress,
    );
    expect((await customer.api('POST', `${loanUrl}/payoff/`, {})).json()).toEqual(inProgress);
    expect((await customer.api('POST', `${loanUrl}/withdraw/`, {})).json()).toEqual(inProgress);

    // Processing is still open; canceled (or any outcome) frees the loan.
    await bankHasCard(ctx, open.id);
    expect((await customer.order(repayment('50.00'))).json()).toEqual(inProgress);
    const cancel = await customer.api('POST', `/api/loan/payment_orders/${open.id}/cancel/`, {});
    expect(cancel.json()).toMatchObject({ code: 'order_not_cancelable' });
    ctx().clock.advance(2);
    const next = await customer.order(repayment('50.00'));
    expect(next.statusCode).toBe(201);
    const canceled = await customer.api(
      'POST',
      `/api/loan/payment_orders/${next.json<OrderBody>().id}/cancel/`,
      {},
    );
    expect(canceled.json()).toMatchObject({
      status: 'canceled',
      decided_at: '2026-11-22T06:00:02.000Z',
      redirect_url: null,
    });
    expect((await customer.api('POST', `${loanUrl}/repay/`, { amount: '10.00' })).statusCode).toBe(
      200,
    );
  });

  it('takes amounts as repay/ does, and a payoff for today’s quote', async () => {
    const customer = await payer(ctx);
    const amountError = async (body: Record<string, unknown>) => {
      const answer = await customer.order(body);
      expect(answer.statusCode).toBe(400);
      return Object.keys(answer.json());
    };
    expect(await amountError({ ...repayment('1.00'), amount: undefined })).toEqual(['amount']);
    expect(await amountError(repayment('0.00'))).toEqual(['amount']);
    const outstanding = toTetri(customer.loan.outstanding);
    expect(await amountError(repayment(fromTetri(outstanding + 1n)))).toEqual(['amount']);
    expect(await amountError(repayment('1e2'))).toEqual(['amount']);
    expect(await amountError({ ...repayment('10.00'), purpose: 'payoff' })).toEqual(['amount']);
    expect((await customer.order(repayment(customer.loan.outstanding))).statusCode).toBe(201);
    // The open order is the whole outstanding: cancel it to quote the payoff.
    const [open] = (await customer.api('GET', '/api/loan/payment_orders/')).json<OrderBody[]>();
    await customer.api('POST', `/api/loan/payment_orders/${open?.id}/cancel/`, {});

    ctx().clock.set('2026-12-02T10:00:00+04:00');
    const quote = (await customer.api('GET', `/api/loan/loan/${customer.loan.id}/payoff/`)).json();
    const { amount: _, ...payoffBody } = { ...repayment('0.00'), purpose: 'payoff' };
    const payoff = await customer.order(payoffBody);
    expect(payoff.statusCode).toBe(201);
    expect(payoff.json()).toMatchObject({ purpose: 'payoff', amount: quote.total });
  });

  it('takes a return_url only on the client’s own origins', async () => {
    const customer = await payer(ctx);
    for (const url of [
      '/loans/payment',
      'http://localhost:3001/loans',
      'https://localhost:3000/loans',
      'http://127.0.0.1:3000/loans',
      'javascript:alert(1)',
      'http://user:pass@localhost:3000/loans',
      'http://evil.example/?http://localhost:3000/',
    ]) {
      const answer = await customer.order(repayment('10.00', { return_url: url }));
      expect(answer.statusCode, url).toBe(400);
      expect(Object.keys(answer.json())).toEqual(['return_url']);
    }
  });

  it('refuses a closed loan', async () => {
    const customer = await payer(ctx);
    await customer.api('POST', `/api/loan/loan/${customer.loan.id}/payoff/`, {});
    const answer = await customer.order(repayment('10.00'));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'loan_closed' });
  });

  it('expires a created order after 15 minutes, however long nobody looks', async () => {
    const customer = await payer(ctx);
    const order = (await customer.order(repayment('100.00'))).json<OrderBody>();
    ctx().clock.advance(15 * 60 - 1);
    expect(
      (await customer.api('GET', `/api/loan/payment_orders/${order.id}/`)).json(),
    ).toMatchObject({ status: 'created' });
    ctx().clock.advance(3600);
    const expired = (await customer.api('GET', `/api/loan/payment_orders/${order.id}/`)).json();
    expect(expired).toMatchObject({
      status: 'expired',
      decided_at: order.expires_at,
      redirect_url: null,
    });
    const cancel = await customer.api('POST', `/api/loan/payment_orders/${order.id}/cancel/`, {});
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json()).toMatchObject({ code: 'order_not_cancelable' });
    // The loan takes payments again.
    expect((await customer.order(repayment('100.00'))).statusCode).toBe(201);
  });

  it('applies a success exactly as repay/ does, once, with a Payment naming the order', async () => {
    const terms = await createLoanTerms(ctx().app);
    const byOrder = await payer(ctx, terms);
    const direct = await payer(ctx, terms);
    // Late, with a penalty: the split must be repay/'s (penalty, interest, principal).
    ctx().clock.set('2027-01-05T10:00:00+04:00');
    const order = (await byOrder.order(repayment('400.00'))).json<OrderBody>();
    await bankHasCard(ctx, order.id);
    ctx().clock.advance(2);
    expect(
      (await direct.api('POST', `/api/loan/loan/${direct.loan.id}/repay/`, { amount: '400.00' }))
        .statusCode,
    ).toBe(200);

    // Deciding twice at once applies once.
    await Promise.all([settleOrders(ctx().app), settleOrders(ctx().app)]);
    const decided = (await byOrder.api('GET', `/api/loan/payment_orders/${order.id}/`)).json();
    const [viaRepay] = (
      await direct.api('GET', `/api/loan/loan/${direct.loan.id}/payments/`)
    ).json();
    expect(decided).toMatchObject({
      status: 'succeeded',
      decided_at: '2027-01-05T06:00:02.000Z',
      redirect_url: null,
      payment: {
        ...viaRepay,
        id: expect.any(Number),
        loan: byOrder.loan.id,
        order: order.id,
        receipt_number: `R-${byOrder.loan.id}-1`,
      },
    });
    expect(viaRepay).toMatchObject({ order: null, kind: 'repayment' });
    expect(Number(viaRepay.penalty)).toBeGreaterThan(0);
    const payments = (
      await byOrder.api('GET', `/api/loan/loan/${byOrder.loan.id}/payments/`)
    ).json();
    expect(payments).toEqual([decided.payment]);
    const [loanByOrder] = (await byOrder.api('GET', '/api/loan/loan/')).json();
    const [loanDirect] = (await direct.api('GET', '/api/loan/loan/')).json();
    expect({ ...loanByOrder, id: 0, application: 0 }).toEqual({
      ...loanDirect,
      id: 0,
      application: 0,
    });
  });

  it('pays a loan off by a payoff order for the amount it kept, and declines change nothing', async () => {
    const customer = await payer(ctx);
    const declined = (await customer.order(repayment('100.00'))).json<OrderBody>();
    await bankHasCard(ctx, declined.id, 'insufficient_funds');
    ctx().clock.advance(2);
    expect(
      (await customer.api('GET', `/api/loan/payment_orders/${declined.id}/`)).json(),
    ).toMatchObject({ status: 'declined', decline_reason: 'insufficient_funds', payment: null });
    expect(
      (await customer.api('GET', `/api/loan/loan/${customer.loan.id}/payments/`)).json(),
    ).toEqual([]);

    const payoff = (
      await customer.order({
        purpose: 'payoff',
        card: null,
        save_card: false,
        return_url: RETURN_URL,
      })
    ).json<OrderBody>();
    await bankHasCard(ctx, payoff.id);
    ctx().clock.advance(2);
    // Read through the loans list: it settles the decision too.
    const [loan] = (await customer.api('GET', '/api/loan/loan/')).json();
    expect(loan).toMatchObject({ status: 'repaid', outstanding: '0.00' });
    const [payment] = (
      await customer.api('GET', `/api/loan/loan/${customer.loan.id}/payments/`)
    ).json();
    expect(payment).toMatchObject({ kind: 'payoff', amount: payoff.amount, order: payoff.id });
  });
});
