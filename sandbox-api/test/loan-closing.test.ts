import fc from 'fast-check';
import type { TestContext } from './build';
import { build } from './build';
import { accessToken, createLoanTerms, createUser } from './loan-test-utils';

interface LoanBody {
  id: number;
  status: string;
  outstanding: string;
  next_payment_date: string | null;
  next_payment_amount: string | null;
  withdrawal_until: string;
  closed_at: string | null;
  schedule: { number: number; paid: boolean }[];
}

const CLOSED = { detail: 'სესხი დახურულია.', code: 'loan_closed' };

/** A verified customer with a 1000.00 loan over 3 months issued at the clock's now (10:00 in Tbilisi). */
async function borrower(ctx: () => TestContext, amount = '1000.00', term = 3) {
  const terms = await createLoanTerms(ctx().app);
  const userId = await createUser(ctx().app);
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx().call({
      method,
      url: `/api/loan/${url}`,
      token: await accessToken(ctx().app, userId),
      ...(payload ? { payload } : {}),
    });
  await call('POST', 'loan_application/', { amount, term, terms_of_contract: terms.current });
  const [loan] = (await call('GET', 'loan/')).json() as LoanBody[];
  if (!loan) throw new Error('no loan issued');
  return { userId, call, loan };
}

const payments = (ctx: () => TestContext, loanId: number) =>
  ctx().app.db.query<{ amount: string }>(
    'SELECT amount::text AS amount FROM payments WHERE loan_id = $1 ORDER BY id',
    [loanId],
  );

const returned = async (ctx: () => TestContext, loanId: number) => {
  const [loan] = await ctx().app.db.query<{ returned: string }>(
    'SELECT withdrawal_returned::text AS returned FROM loans WHERE id = $1',
    [loanId],
  );
  return loan?.returned;
};

describe('early payoff', () => {
  const ctx = build();

  it('quotes today by default and a later date in the window, with what it saves', async () => {
    const { call, loan } = await borrower(ctx);
    expect(loan).toMatchObject({ withdrawal_until: '2026-12-06', closed_at: null });
    ctx().clock.set('2026-12-01T09:00:00+04:00');
    const today = await call('GET', `loan/${loan.id}/payoff/`);
    expect(today.statusCode).toBe(200);
    // 1000.00 × 24% × 9 / 365 = 5.92
    expect(today.json()).toEqual({
      loan: loan.id,
      date: '2026-12-01',
      principal: '1000.00',
      interest: '5.92',
      penalty: '0.00',
      total: '1005.92',
      scheduled_remaining: '1040.27',
      interest_saved: '34.35',
    });
    // 2026-12-23: row 1 is a day overdue (penalty 0.35), a day of accrual on the rest (0.44).
    const later = await call('GET', `loan/${loan.id}/payoff/?date=2026-12-23`);
    expect(later.json()).toMatchObject({
      date: '2026-12-23',
      interest: '20.44',
      penalty: '0.35',
      total: '1020.79',
      interest_saved: '19.83',
    });
    expect((await call('GET', `loan/${loan.id}/payoff/?date=2026-12-31`)).statusCode).toBe(200);
  });

  it('refuses a date outside today … today + 30 and a malformed one', async () => {
    const { call, loan } = await borrower(ctx);
    for (const date of ['2026-11-21', '2026-12-23']) {
      const response = await call('GET', `loan/${loan.id}/payoff/?date=${date}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'წინსწრებით დაფარვის თარიღი უნდა იყოს დღეიდან 30 დღის განმავლობაში.',
        code: 'payoff_date_invalid',
      });
    }
    for (const date of ['2026-02-30', '22-11-2026', 'tomorrow']) {
      const response = await call('GET', `loan/${loan.id}/payoff/?date=${date}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        date: ['შეიყვანეთ თარიღი ფორმატით წწწწ-თთ-დდ (მაგ. 2026-12-01).'],
      });
    }
    const post = await call('POST', `loan/${loan.id}/payoff/`, { date: '2026-11-23' });
    expect(post.json()).toMatchObject({ code: 'payoff_date_invalid' });
    const malformed = await call('POST', `loan/${loan.id}/payoff/`, { date: '2026-13-01' });
    expect(Object.keys(malformed.json())).toEqual(['date']);
    expect(await payments(ctx, loan.id)).toEqual([]);
  });

  it('pays the total today, marks every row paid and closes the loan; then refuses everything', async () => {
    const { call, loan } = await borrower(ctx);
    await call('POST', `loan/${loan.id}/repay/`, { amount: '100.00' });
    ctx().clock.set('2026-12-23T11:00:00+04:00');
    const quote = (await call('GET', `loan/${loan.id}/payoff/`)).json();
    const paid = await call('POST', `loan/${loan.id}/payoff/`, { date: '2026-12-23' });
    expect(paid.statusCode).toBe(200);
    const body: LoanBody = paid.json();
    expect(body).toMatchObject({
      status: 'repaid',
      outstanding: '0.00',
      next_payment_date: null,
      next_payment_amount: null,
      closed_at: '2026-12-23T07:00:00.000Z',
    });
    expect(body.schedule.every((row) => row.paid)).toBe(true);
    expect(await payments(ctx, loan.id)).toEqual([{ amount: '100.00' }, { amount: quote.total }]);

    expect((await call('POST', `loan/${loan.id}/payoff/`, {})).json()).toEqual(CLOSED);
    expect((await call('GET', `loan/${loan.id}/payoff/`)).json()).toEqual(CLOSED);
    expect((await call('POST', `loan/${loan.id}/repay/`, { amount: '1.00' })).json()).toEqual(
      CLOSED,
    );
    expect((await call('POST', `loan/${loan.id}/withdraw/`, {})).json()).toEqual(CLOSED);
    expect((await call('GET', 'overdue_loan_application/')).statusCode).toBe(404);
  });

  it('answers 404 for another customer’s loan', async () => {
    const { loan } = await borrower(ctx);
    const other = await createUser(ctx().app);
    const token = await accessToken(ctx().app, other);
    for (const [method, url] of [
      ['GET', 'payoff/'],
      ['POST', 'payoff/'],
      ['GET', 'withdrawal/'],
      ['POST', 'withdraw/'],
    ] as const) {
      const response = await ctx().call({
        method,
        url: `/api/loan/loan/${loan.id}/${url}`,
        token,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('repayment under contract v1.1', () => {
  const ctx = build();

  it('takes an amount below the penalty, carries the rest, and accrues again from that day', async () => {
    const { call, loan } = await borrower(ctx);
    ctx().clock.set('2027-01-01T10:00:00+04:00');
    // 346.75 × 0.1% × 10 days = 3.47
    expect((await call('GET', 'overdue_loan_application/')).json()).toMatchObject({
      penalty: '3.47',
      total_due: '350.22',
    });
    const small = await call('POST', `loan/${loan.id}/repay/`, { amount: '1.00' });
    expect(small.statusCode).toBe(200);
    expect(small.json()).toMatchObject({ status: 'overdue', outstanding: '1040.27' });
    expect((await call('GET', 'overdue_loan_application/')).json()).toMatchObject({
      penalty: '2.47',
      total_due: '349.22',
    });
    ctx().clock.set('2027-01-03T10:00:00+04:00');
    // 2.47 carried + 346.75 × 0.1% × 2 = 2.47 + 0.69
    expect((await call('GET', 'overdue_loan_application/')).json()).toMatchObject({
      penalty: '3.16',
      total_due: '349.91',
    });
    const over = await call('POST', `loan/${loan.id}/repay/`, { amount: '1043.44' });
    expect(over.json()).toEqual({
      amount: ['თანხა არ უნდა აღემატებოდეს სრულ დავალიანებას (1043.43 ლარი).'],
    });
    const all = await call('POST', `loan/${loan.id}/repay/`, { amount: '1043.43' });
    expect(all.json()).toMatchObject({
      status: 'repaid',
      closed_at: '2027-01-03T06:00:00.000Z',
    });
    const [loanRow] = await ctx().app.db.query<{ carried: string }>(
      'SELECT penalty_carried::text AS carried FROM loans WHERE id = $1',
      [loan.id],
    );
    expect(loanRow?.carried).toBe('0.00');
  });
});

describe('withdrawal within 14 days', () => {
  const ctx = build();

  it('quotes the amount received plus interest for the days used, the fee refunded', async () => {
    const { call, loan } = await borrower(ctx);
    ctx().clock.set('2026-11-27T15:00:00+04:00');
    const quote = await call('GET', `loan/${loan.id}/withdrawal/`);
    expect(quote.statusCode).toBe(200);
    // Received 980.00; 980.00 × 24% × 5 / 365 = 3.22.
    expect(quote.json()).toEqual({
      loan: loan.id,
      available: true,
      until: '2026-12-06',
      amount_to_return: '983.22',
      interest: '3.22',
      fee_refunded: '20.00',
    });
  });

  it('withdraws: the loan is withdrawn, owes nothing, is never overdue, and refuses more', async () => {
    const { call, loan } = await borrower(ctx);
    await call('POST', `loan/${loan.id}/repay/`, { amount: '50.00' });
    ctx().clock.set('2026-12-06T23:30:00+04:00');
    const done = await call('POST', `loan/${loan.id}/withdraw/`, {});
    expect(done.statusCode).toBe(200);
    const body: LoanBody = done.json();
    expect(body).toMatchObject({
      status: 'withdrawn',
      outstanding: '0.00',
      next_payment_date: null,
      next_payment_amount: null,
      closed_at: '2026-12-06T19:30:00.000Z',
    });
    expect(body.schedule.map((row) => row.paid)).toEqual([false, false, false]);
    // A withdrawal is not a payment (v1.2): what is returned, 980.00 + 980.00 × 24% × 14 / 365
    // (9.02) − 50.00, is kept on the loan.
    expect(await payments(ctx, loan.id)).toEqual([{ amount: '50.00' }]);
    expect(await returned(ctx, loan.id)).toBe('939.02');

    ctx().clock.set('2027-03-01T10:00:00+04:00');
    expect((await call('GET', 'loan/')).json()[0]).toMatchObject({ status: 'withdrawn' });
    expect((await call('GET', 'overdue_loan_application/')).statusCode).toBe(404);
    expect((await call('GET', `loan/${loan.id}/withdrawal/`)).json()).toMatchObject({
      available: false,
    });
    expect((await call('POST', `loan/${loan.id}/withdraw/`, {})).json()).toEqual(CLOSED);
    expect((await call('POST', `loan/${loan.id}/repay/`, { amount: '1.00' })).json()).toEqual(
      CLOSED,
    );
    expect((await call('GET', `loan/${loan.id}/payoff/`)).json()).toEqual(CLOSED);
  });

  it('refuses after the 14th day in Tbilisi', async () => {
    const { call, loan } = await borrower(ctx);
    ctx().clock.set('2026-12-07T00:30:00+04:00');
    const late = await call('POST', `loan/${loan.id}/withdraw/`, {});
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      detail: 'სესხზე უარის თქმის ვადა 2026-12-06-ს ამოიწურა.',
      code: 'withdrawal_period_over',
    });
    expect((await call('GET', 'loan/')).json()[0]).toMatchObject({ status: 'active' });
  });

  it('records no payment when more has been repaid than is owed back, and keeps the sign', async () => {
    const { call, loan } = await borrower(ctx);
    await call('POST', `loan/${loan.id}/repay/`, { amount: '1000.00' });
    ctx().clock.set('2026-11-27T10:00:00+04:00');
    expect((await call('GET', `loan/${loan.id}/withdrawal/`)).json()).toMatchObject({
      amount_to_return: '-16.78',
    });
    expect((await call('POST', `loan/${loan.id}/withdraw/`, {})).statusCode).toBe(200);
    expect(await payments(ctx, loan.id)).toEqual([{ amount: '1000.00' }]);
    expect(await returned(ctx, loan.id)).toBe('0.00');
  });
});

describe('concurrent writes to one loan', () => {
  const ctx = build();

  it('applies exactly one of payoff, repay-everything and withdraw; the others are loan_closed', async () => {
    for (let round = 0; round < 3; round++) {
      const { call, loan } = await borrower(ctx);
      const outstanding = loan.outstanding;
      const answers = await Promise.all([
        call('POST', `loan/${loan.id}/payoff/`, {}),
        call('POST', `loan/${loan.id}/repay/`, { amount: outstanding }),
        call('POST', `loan/${loan.id}/withdraw/`, {}),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 400, 400]);
      for (const answer of answers.filter((a) => a.statusCode === 400)) {
        expect(answer.json()).toEqual(CLOSED);
      }
      // A payoff or a repayment is one payment; a withdrawal is none (v1.2: it is not a
      // payment), whichever of the three came first.
      const withdrawn = answers[2]?.statusCode === 200;
      expect(await payments(ctx, loan.id)).toHaveLength(withdrawn ? 0 : 1);
    }
  });
});

describe('after a payoff or a withdrawal nothing more is accepted (property)', () => {
  const ctx = build();

  it('holds for random amounts, terms, days and partial repayments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          amount: fc.integer({ min: 100, max: 5000 }),
          term: fc.constantFrom(3, 6, 12, 24),
          days: fc.integer({ min: 0, max: 14 }),
          part: fc.integer({ min: 0, max: 300 }),
          close: fc.constantFrom('payoff', 'withdraw'),
        }),
        async ({ amount, term, days, part, close }) => {
          const { call, loan } = await borrower(ctx, `${amount}.00`, term);
          if (part > 0) await call('POST', `loan/${loan.id}/repay/`, { amount: `${part}.00` });
          ctx().clock.advance(days * 24 * 60 * 60);
          const closed = await call('POST', `loan/${loan.id}/${close}/`, {});
          expect(closed.statusCode).toBe(200);
          expect(closed.json().status).toBe(close === 'payoff' ? 'repaid' : 'withdrawn');
          for (const [url, payload] of [
            ['repay/', { amount: '0.01' }],
            ['payoff/', {}],
            ['withdraw/', {}],
          ] as const) {
            expect((await call('POST', `loan/${loan.id}/${url}`, payload)).json()).toEqual(CLOSED);
          }
          ctx().clock.set('2026-11-22T10:00:00+04:00');
        },
      ),
      { numRuns: 6 },
    );
  });
});
