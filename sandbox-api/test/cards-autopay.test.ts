import { build } from './build';
import { createLoanTerms } from './loan-test-utils';
import { type OrderBody, payer, repayment } from './payment-test-utils';
import { createUser as createSeedlessUser, lastCode } from './user-utils';

// 1000.00 over 3 months from 2026-11-22: rows 2026-12-22 (346.75), 2027-01-22 (346.75),
// 2027-02-22 (346.77).
describe('saved cards (v1.3)', () => {
  const ctx = build();

  it('lists a customer’s cards and removes one; another’s is not found', async () => {
    const terms = await createLoanTerms(ctx().app);
    const ana = await payer(ctx, terms);
    const nino = await payer(ctx, terms);
    expect((await ana.api('GET', '/api/user/cards/')).json()).toEqual([]);
    const id = await ana.card('4242');
    expect((await ana.api('GET', '/api/user/cards/')).json()).toEqual([
      { id, brand: 'visa', last4: '4242', expires: '12/30', saved_at: '2026-11-22T06:00:00.000Z' },
    ]);
    expect((await nino.api('GET', '/api/user/cards/')).json()).toEqual([]);
    expect((await nino.api('DELETE', `/api/user/cards/${id}/`)).statusCode).toBe(404);
    // Paying with a card that is not one's own, or removed, is a field error.
    const others = await nino.order(repayment('10.00', { card: id }));
    expect(others.statusCode).toBe(400);
    expect(Object.keys(others.json())).toEqual(['card']);

    const removed = await ana.api('DELETE', `/api/user/cards/${id}/`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await ana.api('GET', '/api/user/cards/')).json()).toEqual([]);
    expect((await ana.api('DELETE', `/api/user/cards/${id}/`)).statusCode).toBe(404);
    expect(Object.keys((await ana.order(repayment('10.00', { card: id }))).json())).toEqual([
      'card',
    ]);
  });

  it('charges a saved card at once, or asks for its code first when the bank wants it', async () => {
    const customer = await payer(ctx);
    const card = await customer.card('4242');
    const order = (await customer.order(repayment('100.00', { card }))).json<OrderBody>();
    expect(order).toMatchObject({ status: 'processing', redirect_url: null, card: { id: card } });
    ctx().clock.advance(2);
    const decided = (await customer.api('GET', `/api/loan/payment_orders/${order.id}/`)).json();
    expect(decided).toMatchObject({
      status: 'succeeded',
      card: { id: card, last4: '4242' },
      payment: { amount: '100.00', order: order.id },
    });

    const codeCard = await customer.card('3220', 'code');
    const asking = (await customer.order(repayment('50.00', { card: codeCard }))).json<OrderBody>();
    expect(asking).toMatchObject({
      status: 'created',
      redirect_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:4100\/pay\//),
      card: { id: codeCard },
    });
    expect(await lastCode(ctx, '599123456')).toMatch(/^\d{6}$/);
  });

  it('declines with the saved card’s reason, and removing a card stops its automatic payment', async () => {
    const customer = await payer(ctx);
    const poor = await customer.card('9995', 'insufficient_funds');
    const order = (await customer.order(repayment('100.00', { card: poor }))).json<OrderBody>();
    ctx().clock.advance(2);
    expect(
      (await customer.api('GET', `/api/loan/payment_orders/${order.id}/`)).json(),
    ).toMatchObject({ status: 'declined', decline_reason: 'insufficient_funds', payment: null });

    const url = `/api/loan/loan/${customer.loan.id}/autopay/`;
    expect((await customer.api('PUT', url, { card: poor })).json()).toMatchObject({
      card: { id: poor },
    });
    expect((await customer.api('DELETE', `/api/user/cards/${poor}/`)).statusCode).toBe(204);
    expect((await customer.api('GET', url)).json()).toMatchObject({ card: null, since: null });
  });
});

describe('automatic payment (v1.3)', () => {
  const ctx = build();

  it('shows the next charge, turns on with a card and off with null', async () => {
    const customer = await payer(ctx);
    const url = `/api/loan/loan/${customer.loan.id}/autopay/`;
    // Off: what it would charge is shown, so the customer reads it before turning it on.
    expect((await customer.api('GET', url)).json()).toEqual({
      loan: customer.loan.id,
      card: null,
      since: null,
      next_charge: { date: '2026-12-22', amount: '346.75' },
    });
    const card = await customer.card('4242');
    const on = await customer.api('PUT', url, { card });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      loan: customer.loan.id,
      card: expect.objectContaining({ id: card, last4: '4242' }),
      since: '2026-11-22T06:00:00.000Z',
      next_charge: { date: '2026-12-22', amount: '346.75' },
    });
    // Another card later keeps `since`.
    ctx().clock.advance(60);
    const other = await customer.card('5454');
    expect((await customer.api('PUT', url, { card: other })).json()).toMatchObject({
      card: { id: other },
      since: '2026-11-22T06:00:00.000Z',
    });

    // Late: row 1 is overdue, so the next charge (row 2's date) includes it and the penalty:
    // 346.75 + 346.75 + 346.75 × 0.10% × 11 days (3.81).
    ctx().clock.set('2027-01-02T10:00:00+04:00');
    expect((await customer.api('GET', url)).json()).toMatchObject({
      next_charge: { date: '2027-01-22', amount: '697.31' },
    });

    const off = await customer.api('PUT', url, { card: null });
    expect(off.json()).toMatchObject({ card: null, since: null });
    const stranger = await createSeedlessUser(ctx);
    const bad = await customer.api('PUT', url, { card: 999 });
    expect(Object.keys(bad.json())).toEqual(['card']);
    expect((await ctx().call({ method: 'GET', url, token: stranger.access })).statusCode).toBe(404);

    await customer.api('POST', `/api/loan/loan/${customer.loan.id}/payoff/`, {});
    const closed = await customer.api('PUT', url, { card });
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toMatchObject({ code: 'loan_closed' });
    expect((await customer.api('GET', url)).json()).toMatchObject({ next_charge: null });
  });

  it('charges the loans due on a day: succeeded as an autopay Payment, declined leaves the loan', async () => {
    const { app } = ctx();
    const terms = await createLoanTerms(app);
    const paying = await payer(ctx, terms);
    const poor = await payer(ctx, terms);
    const notDue = await payer(ctx, terms);
    await paying.api('PUT', `/api/loan/loan/${paying.loan.id}/autopay/`, {
      card: await paying.card('4242'),
    });
    await poor.api('PUT', `/api/loan/loan/${poor.loan.id}/autopay/`, {
      card: await poor.card('9995', 'insufficient_funds'),
    });
    // A code card is charged without its code: the lender initiates an automatic charge.
    await notDue.api('PUT', `/api/loan/loan/${notDue.loan.id}/autopay/`, {
      card: await notDue.card('3220', 'code'),
    });

    ctx().clock.set('2026-12-22T10:00:00+04:00');
    const run = await ctx().call({ method: 'POST', url: '/__sandbox/autopay/run', payload: {} });
    expect(run.statusCode).toBe(200);
    const { date, orders } = run.json<{ date: string; orders: OrderBody[] }>();
    expect(date).toBe('2026-12-22');
    expect(
      orders.map((order) => [order.loan, order.purpose, order.status, order.decline_reason]),
    ).toEqual([
      [paying.loan.id, 'autopay', 'succeeded', null],
      [poor.loan.id, 'autopay', 'declined', 'insufficient_funds'],
      [notDue.loan.id, 'autopay', 'succeeded', null],
    ]);
    expect(orders[0]).toMatchObject({
      amount: '346.75',
      payment: { kind: 'autopay', amount: '346.75', interest: '20.00', order: orders[0]?.id },
    });
    const [paidLoan] = (await paying.api('GET', '/api/loan/loan/')).json();
    expect(paidLoan.schedule[0].paid).toBe(true);
    const [poorLoan] = (await poor.api('GET', '/api/loan/loan/')).json();
    expect(poorLoan.outstanding).toBe(poor.loan.outstanding);
    // The customer's orders show the failed charge as the loan's last order.
    const [last] = (await poor.api('GET', '/api/loan/payment_orders/')).json<OrderBody[]>();
    expect(last).toMatchObject({ purpose: 'autopay', status: 'declined' });

    // A day is charged once.
    const again = await ctx().call({
      method: 'POST',
      url: '/__sandbox/autopay/run',
      payload: { date: '2026-12-22' },
    });
    expect(again.json().orders).toEqual([]);
    // A day with nothing due charges nothing.
    const quiet = await ctx().call({
      method: 'POST',
      url: '/__sandbox/autopay/run',
      payload: { date: '2026-12-23' },
    });
    expect(quiet.json().orders).toEqual([]);
  });

  it('saves a test card for a customer as a payment would, so a test can have a saved card the bank declines', async () => {
    const customer = await payer(ctx);
    const { app } = ctx();
    const [user] = await app.db.query<{ personal_number: string }>(
      'SELECT personal_number FROM users WHERE id = $1',
      [customer.userId],
    );
    const url = `/__sandbox/users/${user?.personal_number}/cards`;
    const saved = await ctx().call({
      method: 'POST',
      url,
      payload: { number: '4000 0000 0000 9995', expires: '08/31' },
    });
    expect(saved.statusCode).toBe(201);
    const card = saved.json<{ id: number }>();
    expect(card).toMatchObject({ brand: 'visa', last4: '9995', expires: '08/31' });
    expect((await customer.api('GET', '/api/user/cards/')).json()).toEqual([saved.json()]);

    // Its automatic charge is declined as the test card's would be.
    await customer.api('PUT', `/api/loan/loan/${customer.loan.id}/autopay/`, { card: card.id });
    ctx().clock.set('2026-12-22T10:00:00+04:00');
    const run = await ctx().call({ method: 'POST', url: '/__sandbox/autopay/run', payload: {} });
    expect(run.json().orders).toMatchObject([
      { status: 'declined', decline_reason: 'insufficient_funds' },
    ]);

    // What a payment would refuse, it refuses: no card, a past expiry, nobody.
    const wrong = await ctx().call({
      method: 'POST',
      url,
      payload: { number: '4000 0000 0000 9996', expires: '08/31' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['number']);
    const past = await ctx().call({
      method: 'POST',
      url,
      payload: { number: '4111 1111 1111 1111', expires: '01/20' },
    });
    expect(Object.keys(past.json())).toEqual(['expires']);
    const nobody = await ctx().call({
      method: 'POST',
      url: '/__sandbox/users/99999999999/cards',
      payload: { number: '4111 1111 1111 1111', expires: '08/31' },
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('gives a test a loan whose next row falls due on a chosen day', async () => {
    const user = await createSeedlessUser(ctx, { fully_verified: true });
    const { app } = ctx();
    await createLoanTerms(app);
    const given = await ctx().call({
      method: 'POST',
      url: `/__sandbox/users/${user.personal_number}/loans`,
      payload: { amount: '600.00', term: 6, paid_rows: 1, next_due: '2026-11-22' },
    });
    expect(given.statusCode).toBe(201);
    const [loan] = (
      await ctx().call({ method: 'GET', url: '/api/loan/loan/', token: user.access })
    ).json();
    expect(
      loan.schedule.slice(0, 2).map((row: { date: string; paid: boolean }) => [row.date, row.paid]),
    ).toEqual([
      ['2026-10-22', true],
      ['2026-11-22', false],
    ]);
    const refused = await ctx().call({
      method: 'POST',
      url: `/__sandbox/users/${user.personal_number}/loans`,
      payload: { amount: '600.00', term: 6, next_due: '2027-03-01' },
    });
    expect(refused.statusCode).toBe(400);
  });
});
