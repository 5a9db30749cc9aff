import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildBank } from '../src/bank/bank-app';
import { build, type TestContext } from './build';
import { createLoanTerms } from './loan-test-utils';
import { type OrderBody, type Payer, payer, repayment } from './payment-test-utils';
import { lastCode } from './user-utils';

const BANK = 'http://127.0.0.1:4100';
const SUCCESS = '4111 1111 1111 1111';
const CODE_CARD = '4000 0000 0000 3220';

/** The sandbox's bank beside the app of `ctx`, its log lines kept in `logs`. */
function bankOf(ctx: () => TestContext) {
  const logs: string[] = [];
  let bank: FastifyInstance | undefined;
  beforeAll(async () => {
    bank = await buildBank(ctx().app, {
      logger: { level: 'trace', stream: { write: (line) => logs.push(line) } },
    });
  });
  afterAll(async () => bank?.close());
  beforeEach(() => {
    logs.length = 0;
  });
  const inject = (options: InjectOptions): Promise<LightMyRequestResponse> => {
    if (!bank) throw new Error('bank used outside a test');
    return bank.inject(options);
  };
  const pathOf = (url: string) => {
    expect(url.startsWith(`${BANK}/pay/`)).toBe(true);
    return url.slice(BANK.length);
  };
  const open = async (url: string) =>
    inject({ method: 'GET', url: pathOf(url), headers: { host: '127.0.0.1:4100' } });
  /** Posts the page's form as a browser does: its hidden field, from the bank's own page. */
  const submit = async (
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> => {
    const page = await open(url);
    const formToken = /name="form_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    return inject({
      method: 'POST',
      url: pathOf(url),
      headers: {
        host: '127.0.0.1:4100',
        origin: BANK,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      payload: new URLSearchParams({ form_token: formToken, ...fields }).toString(),
    });
  };
  return { logs, inject, open, submit };
}

const card = (number: string, extra: Record<string, string> = {}) => ({
  card_number: number,
  expiry: '12/30',
  cvc: '987',
  holder: 'NINO BERIDZE',
  ...extra,
});

async function newOrder(customer: Payer, extra: Record<string, unknown> = {}): Promise<OrderBody> {
  const answer = await customer.order(repayment('346.75', extra));
  expect(answer.statusCode).toBe(201);
  return answer.json<OrderBody>();
}

const orderNow = async (customer: Payer, id: number) =>
  (await customer.api('GET', `/api/loan/payment_orders/${id}/`)).json<OrderBody>();

describe('the sandbox’s bank (v1.3)', () => {
  const ctx = build();
  const bank = bankOf(ctx);

  it('shows the card form in Georgian with the lender’s name and the amount, under its own policy', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    const page = await bank.open(order.redirect_url ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' http://localhost:3000; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="ka">');
    expect(page.body).toContain('ონლაინ სესხი');
    expect(page.body).toContain('346,75\u00a0₾');
    for (const name of ['card_number', 'expiry', 'cvc', 'holder']) {
      expect(page.body).toMatch(new RegExp(`<label for="${name}">[^<]+</label>`));
      expect(page.body).toContain(`name="${name}"`);
    }
    expect(page.body).toContain('autocomplete="cc-number"');
    expect(page.body).toContain('name="cancel"');
    expect(page.body.match(/<form /g)).toHaveLength(1);
    const css = await bank.inject({ method: 'GET', url: '/bank.css' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('takes a card, sends the customer back at once with order=<id>, and decides seconds later', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    const sent = await bank.submit(order.redirect_url ?? '', card(SUCCESS));
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(
      `http://localhost:3000/loans/payment?from=bank&order=${order.id}`,
    );
    expect(await orderNow(customer, order.id)).toMatchObject({
      status: 'processing',
      redirect_url: null,
    });
    ctx().clock.advance(2);
    expect(await orderNow(customer, order.id)).toMatchObject({
      status: 'succeeded',
      decided_at: '2026-11-22T06:00:02.000Z',
      card: null,
      payment: { amount: '346.75', order: order.id },
    });
    // The page of a decided order says so, and leads back.
    const after = await bank.open(order.redirect_url ?? '');
    expect(after.body).toContain('გადახდა შესრულდა.');
    expect(after.body).toContain(
      `href="http://localhost:3000/loans/payment?from=bank&amp;order=${order.id}"`,
    );
    expect(after.body).not.toContain('name="card_number"');
  });

  it('decides a processing order at once when the development helper asks, and only such an order', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    const decide = () =>
      ctx().call({ method: 'POST', url: `/__sandbox/payment_orders/${order.id}/decide` });
    const early = await decide();
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'order_not_processing' });
    expect((await orderNow(customer, order.id)).status).toBe('created');

    await bank.submit(order.redirect_url ?? '', card(SUCCESS));
    // No time passes: the bank's delay is cut short, and the decision is the one it stored.
    const decided = await decide();
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({
      id: order.id,
      status: 'succeeded',
      decided_at: '2026-11-22T06:00:00.000Z',
      payment: { amount: '346.75', order: order.id },
    });
    expect(await orderNow(customer, order.id)).toMatchObject({ status: 'succeeded' });
    // Decided once: asked again, nothing is paid twice.
    expect((await decide()).statusCode).toBe(400);
    const paid = await ctx().app.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM payments WHERE order_id = $1',
      [order.id],
    );
    expect(paid).toEqual([{ count: 1 }]);
    const missing = await ctx().call({
      method: 'POST',
      url: '/__sandbox/payment_orders/999999/decide',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('re-renders a wrong form next to each field, keeping what was typed but the number and code', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    const answer = await bank.submit(order.redirect_url ?? '', {
      card_number: '4111 1111 1111 1112',
      expiry: '10/26',
      cvc: '98',
      holder: '  ',
    });
    expect(answer.statusCode).toBe(200);
    for (const name of ['card_number', 'expiry', 'cvc', 'holder']) {
      expect(answer.body).toMatch(
        new RegExp(
          `id="${name}"[^>]*aria-describedby="${name}-hint ${name}-error" aria-invalid="true"`,
        ),
      );
      expect(answer.body).toMatch(new RegExp(`<p class="error" id="${name}-error">[^<]+</p>`));
    }
    expect(answer.body).toContain('ბარათის ნომერი არასწორია');
    expect(answer.body).toContain('ბარათს ვადა გაუვიდა.');
    expect(answer.body).toMatch(/id="expiry"[^>]*value="10\/26"/);
    expect(answer.body).not.toContain('4111 1111 1111 1112');
    expect(answer.body).toMatch(/id="cvc"[^>]*value=""/);
    expect((await orderNow(customer, order.id)).status).toBe('created');

    const brand = await bank.submit(order.redirect_url ?? '', card('3782 822463 10005'));
    expect(brand.body).toContain('Visa და Mastercard');
    const format = await bank.submit(
      order.redirect_url ?? '',
      card(SUCCESS, { expiry: '2030-12' }),
    );
    expect(format.body).toContain('თთ/წწ');
  });

  it('asks for a one-time code by SMS for the 3-D Secure card', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    const asked = await bank.submit(order.redirect_url ?? '', card(CODE_CARD));
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(new URL(order.redirect_url ?? '').pathname);
    const codePage = await bank.open(order.redirect_url ?? '');
    expect(codePage.body).toContain('name="code"');
    expect(codePage.body).toContain('autocomplete="one-time-code"');
    expect(codePage.body).toContain('456'); // the phone's last digits (599123456)
    const code = await lastCode(ctx, '599123456');
    // Still waiting for the customer: the order is created and its page is still the bank's.
    expect(await orderNow(customer, order.id)).toMatchObject({
      status: 'created',
      redirect_url: order.redirect_url,
    });

    const wrong = await bank.submit(order.redirect_url ?? '', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('დარჩენილი მცდელობები: 2.');
    const right = await bank.submit(order.redirect_url ?? '', { code });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toContain(`order=${order.id}`);
    ctx().clock.advance(2);
    expect(await orderNow(customer, order.id)).toMatchObject({ status: 'succeeded' });
  });

  it('declines after three wrong codes, for insufficient funds, and for a declined card', async () => {
    const terms = await createLoanTerms(ctx().app);
    const customer = await payer(ctx, terms);
    const order = await newOrder(customer);
    await bank.submit(order.redirect_url ?? '', card(CODE_CARD));
    const code = await lastCode(ctx, '599123456');
    const wrongCode = code === '000000' ? '111111' : '000000';
    await bank.submit(order.redirect_url ?? '', { code: wrongCode });
    await bank.submit(order.redirect_url ?? '', { code: wrongCode });
    const third = await bank.submit(order.redirect_url ?? '', { code: wrongCode });
    expect(third.statusCode).toBe(303);
    expect(third.headers.location).toContain(`order=${order.id}`);
    expect(await orderNow(customer, order.id)).toMatchObject({
      status: 'declined',
      decline_reason: 'authentication_failed',
      decided_at: '2026-11-22T06:00:00.000Z',
    });

    for (const [number, reason] of [
      ['4000 0000 0000 9995', 'insufficient_funds'],
      ['4000000000000002', 'card_declined'],
    ] as const) {
      const next = await newOrder(customer);
      expect((await bank.submit(next.redirect_url ?? '', card(number))).statusCode).toBe(303);
      expect((await orderNow(customer, next.id)).status).toBe('processing');
      ctx().clock.advance(2);
      expect(await orderNow(customer, next.id)).toMatchObject({
        status: 'declined',
        decline_reason: reason,
        payment: null,
      });
    }
    const [loan] = (await customer.api('GET', '/api/loan/loan/')).json();
    expect(loan.outstanding).toBe(customer.loan.outstanding);
  });

  it('cancels from the card page and sends the customer back at once', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    const canceled = await bank.submit(order.redirect_url ?? '', { cancel: '1' });
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toContain(`order=${order.id}`);
    expect(await orderNow(customer, order.id)).toMatchObject({
      status: 'canceled',
      decided_at: '2026-11-22T06:00:00.000Z',
    });
    const page = await bank.open(order.redirect_url ?? '');
    expect(page.body).toContain('გადახდა გაუქმებულია.');
  });

  it('saves the card used when asked, by brand, last four and expiry', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer, { save_card: true });
    await bank.submit(order.redirect_url ?? '', card('5555 5555 5555 4444', { expiry: '0831' }));
    ctx().clock.advance(2);
    const decided = await orderNow(customer, order.id);
    const saved = (await customer.api('GET', '/api/user/cards/')).json();
    expect(saved).toEqual([
      {
        id: expect.any(Number),
        brand: 'mastercard',
        last4: '4444',
        expires: '08/31',
        saved_at: '2026-11-22T06:00:02.000Z',
      },
    ]);
    expect(decided.card).toEqual(saved[0]);
    // Not asked: nothing saved.
    const plain = await newOrder(customer);
    await bank.submit(plain.redirect_url ?? '', card(SUCCESS));
    ctx().clock.advance(2);
    expect((await customer.api('GET', '/api/user/cards/')).json()).toHaveLength(1);
  });

  it('refuses a form without its anti-forgery field, or posted from another site', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    const url = order.redirect_url ?? '';
    const forged = await bank.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { host: '127.0.0.1:4100', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(card(SUCCESS)).toString(),
    });
    expect(forged.statusCode).toBe(403);
    const crossSite = await bank.submit(url, card(SUCCESS), {
      origin: 'http://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await orderNow(customer, order.id)).status).toBe('created');
  });

  it('says an expired order is over, and an unknown page is not found', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    const expired = await ctx().call({
      method: 'POST',
      url: `/__sandbox/payment_orders/${order.id}/expire`,
    });
    expect(expired.json()).toMatchObject({
      status: 'expired',
      decided_at: '2026-11-22T06:00:00.000Z',
    });
    const page = await bank.open(order.redirect_url ?? '');
    expect(page.body).toContain('გადახდის ვადა ამოიწურა.');
    const late = await bank.submit(order.redirect_url ?? '', card(SUCCESS));
    expect(late.statusCode).toBe(303);
    expect((await orderNow(customer, order.id)).status).toBe('expired');
    const again = await ctx().call({
      method: 'POST',
      url: `/__sandbox/payment_orders/${order.id}/expire`,
    });
    expect(again.statusCode).toBe(400);

    const unknown = await bank.inject({ method: 'GET', url: `/pay/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('გადახდა ვერ მოიძებნა');
  });

  it('never writes card data to its log', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    await bank.submit(
      order.redirect_url ?? '',
      card('4111 1111 1111 1111', { expiry: '11/31', cvc: '739' }),
    );
    // A wrong form too: errors are where a careless handler would dump the body.
    const second = await payer(ctx);
    const next = await newOrder(second);
    await bank.submit(
      next.redirect_url ?? '',
      card('4000 0000 0000 0002', { expiry: '13/31', cvc: '73' }),
    );
    const log = bank.logs.join('\n');
    expect(log).toContain('/pay/');
    for (const secret of [
      '4111 1111 1111 1111',
      '4111111111111111',
      '4111+1111',
      '400000000000',
      '4000+0000',
      '11/31',
      '11%2F31',
      '13%2F31',
      'cvc',
      'card_number',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('the bank’s decision without anyone asking', () => {
  const ctx = build({ bankDecisionSeconds: 0 });
  const bank = bankOf(ctx);

  it('is applied by its timer', async () => {
    const customer = await payer(ctx);
    const order = await newOrder(customer);
    await bank.submit(order.redirect_url ?? '', card(SUCCESS));
    // Read the table itself: every API read would settle the decision on its own.
    await vi.waitFor(
      async () => {
        const [row] = await ctx().app.db.query<{ status: string }>(
          'SELECT status FROM payment_orders WHERE id = $1',
          [order.id],
        );
        expect(row?.status).toBe('succeeded');
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
