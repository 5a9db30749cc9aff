import type { TestContext } from './build';
import { build } from './build';
import { accessToken, createLoanTerms, createUser, type TestUserOptions } from './loan-test-utils';

interface LoanBody {
  id: number;
  status: string;
  outstanding: string;
  next_payment_date: string | null;
  next_payment_amount: string | null;
  schedule: { number: number; paid: boolean }[];
}

/** A verified (or flagged) user with the current loan terms; tokens are minted at the clock's now. */
async function customer(ctx: () => TestContext, options: TestUserOptions = {}) {
  const terms = await createLoanTerms(ctx().app);
  const userId = await createUser(ctx().app, options);
  const token = () => accessToken(ctx().app, userId);
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    ctx().call({
      method,
      url: `/api/loan/${url}`,
      token: await token(),
      ...(payload ? { payload } : {}),
    });
  return { terms, userId, call };
}

describe('the loan lifecycle, one decision step at a time', () => {
  const DELAY = 60;
  const ctx = build({ decisionDelaySeconds: DELAY });

  it('goes validate → pending → approved → issued → repaid in parts', async () => {
    const { terms, call } = await customer(ctx);
    expect(
      (
        await call('POST', 'loan_application/create_loan_validation/', {
          amount: '1000.00',
          term: 3,
        })
      ).json(),
    ).toEqual({
      valid: true,
    });
    const created = await call('POST', 'loan_application/', {
      amount: '1000.00',
      term: 3,
      terms_of_contract: terms.current,
    });
    expect(created.statusCode).toBe(201);
    const applicationId = created.json().id;

    ctx().clock.advance(DELAY - 1);
    expect((await call('GET', 'loan_application/')).json()[0]).toMatchObject({
      status: 'pending',
      decided_at: null,
    });

    ctx().clock.advance(1);
    expect((await call('GET', 'loan_application/')).json()[0]).toMatchObject({
      status: 'approved',
      decided_at: '2026-11-22T06:01:00.000Z',
    });
    expect((await call('GET', 'loan/')).json()).toEqual([]);

    // Read long after both steps were due: the times are those they were due at.
    ctx().clock.advance(3 * DELAY);
    expect((await call('GET', 'loan_application/')).json()[0]).toMatchObject({
      id: applicationId,
      status: 'issued',
    });
    const loans = await call('GET', 'loan/');
    expect(loans.statusCode).toBe(200);
    expect(loans.json()).toEqual([
      {
        id: expect.any(Number),
        application: applicationId,
        amount: '1000.00',
        term: 3,
        status: 'active',
        issued_at: '2026-11-22T06:02:00.000Z',
        monthly_payment: '346.75',
        outstanding: '1040.27',
        next_payment_date: '2026-12-22',
        next_payment_amount: '346.75',
        // Issued 2026-11-22 in Tbilisi: 14 days to withdraw, open.
        withdrawal_until: '2026-12-06',
        closed_at: null,
        schedule: [
          {
            number: 1,
            date: '2026-12-22',
            principal: '326.75',
            interest: '20.00',
            payment: '346.75',
            balance: '673.25',
            paid: false,
          },
          {
            number: 2,
            date: '2027-01-22',
            principal: '333.28',
            interest: '13.47',
            payment: '346.75',
            balance: '339.97',
            paid: false,
          },
          {
            number: 3,
            date: '2027-02-22',
            principal: '339.97',
            interest: '6.80',
            payment: '346.77',
            balance: '0.00',
            paid: false,
          },
        ],
      },
    ]);
    const loanId = loans.json()[0].id;

    const part = await call('POST', `loan/${loanId}/repay/`, { amount: '400.00' });
    expect(part.statusCode).toBe(200);
    const afterPart: LoanBody = part.json();
    expect(afterPart).toMatchObject({
      status: 'active',
      outstanding: '640.27',
      next_payment_date: '2027-01-22',
      next_payment_amount: '293.50',
    });
    expect(afterPart.schedule.map((row) => row.paid)).toEqual([true, false, false]);
    expect(
      await ctx().app.db.query(
        'SELECT number, paid_amount::text AS paid FROM loan_schedule WHERE loan_id = $1 ORDER BY number',
        [loanId],
      ),
    ).toEqual([
      { number: 1, paid: '346.75' },
      { number: 2, paid: '53.25' },
      { number: 3, paid: '0.00' },
    ]);

    const tooMuch = await call('POST', `loan/${loanId}/repay/`, { amount: '640.28' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      amount: ['თანხა არ უნდა აღემატებოდეს სრულ დავალიანებას (640.27 ლარი).'],
    });

    const rest = await call('POST', `loan/${loanId}/repay/`, { amount: '640.27' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({
      status: 'repaid',
      outstanding: '0.00',
      next_payment_date: null,
      next_payment_amount: null,
      // Closed at the payment that brought it to zero.
      closed_at: ctx().clock.now().toISOString(),
    });
    expect((rest.json() as LoanBody).schedule.every((row) => row.paid)).toBe(true);
    expect(
      await ctx().app.db.query(
        'SELECT amount::text AS amount FROM payments WHERE loan_id = $1 ORDER BY id',
        [loanId],
      ),
    ).toEqual([{ amount: '400.00' }, { amount: '640.27' }]);

    const again = await call('POST', `loan/${loanId}/repay/`, { amount: '1.00' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'სესხი დახურულია.', code: 'loan_closed' });
  });

  it('rejects the application of a risk-flagged user with a Georgian reason, and issues nothing', async () => {
    const { terms, call } = await customer(ctx, { riskFlag: true });
    await call('POST', 'loan_application/', {
      amount: '1000.00',
      term: 3,
      terms_of_contract: terms.current,
    });
    ctx().clock.advance(10 * DELAY);
    const [application] = (await call('GET', 'loan_application/')).json();
    expect(application).toMatchObject({
      status: 'rejected',
      decided_at: '2026-11-22T06:01:00.000Z',
      rejection_reason: 'განაცხადი უარყოფილია: საკრედიტო რისკის შეფასების შედეგი უარყოფითია.',
    });
    expect((await call('GET', 'loan/')).json()).toEqual([]);
    // A rejected application is closed: a new one may be submitted.
    expect(
      (
        await call('POST', 'loan_application/create_loan_validation/', {
          amount: '500.00',
          term: 3,
        })
      ).json(),
    ).toEqual({
      valid: true,
    });
  });
});

describe('the loan lifecycle without a decision delay', () => {
  const ctx = build();

  async function issued(amount = '1000.00', term = 3) {
    const user = await customer(ctx);
    await user.call('POST', 'loan_application/', {
      amount,
      term,
      terms_of_contract: user.terms.current,
    });
    const [loan] = (await user.call('GET', 'loan/')).json() as LoanBody[];
    if (!loan) throw new Error('no loan issued');
    return { ...user, loan };
  }

  it('decides and issues on the first read', async () => {
    const { call, loan } = await issued();
    const [application] = (await call('GET', 'loan_application/')).json();
    expect(application).toMatchObject({
      status: 'issued',
      created_at: '2026-11-22T06:00:00.000Z',
      decided_at: '2026-11-22T06:00:00.000Z',
    });
    expect(loan).toMatchObject({ status: 'active', application: application.id });
  });

  it('reports an overdue loan with its days, penalty and total due, and takes the penalty first', async () => {
    const { call, loan } = await issued();
    expect((await call('GET', 'overdue_loan_application/')).statusCode).toBe(404);

    // The first payment was due 2026-12-22; ten days later it is overdue.
    ctx().clock.set('2027-01-01T10:00:00+04:00');
    expect((await call('GET', 'loan/')).json()[0]).toMatchObject({
      status: 'overdue',
      outstanding: '1040.27',
    });
    const overdue = await call('GET', 'overdue_loan_application/');
    expect(overdue.statusCode).toBe(200);
    // 346.75 × 0.10% × 10 days = 3.4675 → 3.47
    expect(overdue.json()).toEqual({
      loan: loan.id,
      overdue_days: 10,
      overdue_amount: '346.75',
      penalty: '3.47',
      total_due: '350.22',
      // v1.2: an 11th day makes it 346.75 × 0.10% × 11 = 3.81425 → 3.81, so it adds 0.34.
      penalty_rate: '0.10',
      penalty_per_day: '0.34',
    });

    const over = await call('POST', `loan/${loan.id}/repay/`, { amount: '1043.75' });
    expect(over.json()).toEqual({
      amount: ['თანხა არ უნდა აღემატებოდეს სრულ დავალიანებას (1043.74 ლარი).'],
    });

    const paid = await call('POST', `loan/${loan.id}/repay/`, { amount: '350.22' });
    expect(paid.json()).toMatchObject({
      status: 'active',
      outstanding: '693.52',
      next_payment_date: '2027-01-22',
    });
    expect((await call('GET', 'overdue_loan_application/')).json()).toEqual({
      detail: 'ვერ მოიძებნა.',
      code: 'not_found',
    });

    // The second payment is three days late; the earlier repayment does not shorten that.
    ctx().clock.set('2027-01-25T10:00:00+04:00');
    expect((await call('GET', 'overdue_loan_application/')).json()).toEqual({
      loan: loan.id,
      overdue_days: 3,
      overdue_amount: '346.75',
      penalty: '1.04',
      total_due: '347.79',
      // A 4th day: 346.75 × 0.10% × 4 = 1.387 → 1.39, 0.35 more.
      penalty_rate: '0.10',
      penalty_per_day: '0.35',
    });
    // A repayment settles the penalty accrued so far; it then accrues on what is still overdue.
    await call('POST', `loan/${loan.id}/repay/`, { amount: '101.04' });
    expect((await call('GET', 'overdue_loan_application/')).json()).toMatchObject({
      overdue_days: 3,
      overdue_amount: '246.75',
      penalty: '0.00',
    });
    ctx().clock.set('2027-01-26T10:00:00+04:00');
    expect((await call('GET', 'overdue_loan_application/')).json()).toMatchObject({
      overdue_days: 4,
      overdue_amount: '246.75',
      penalty: '0.25',
      total_due: '247.00',
    });
    // Everything: 246.75 + 346.77 owed and 0.25 penalty.
    const all = await call('POST', `loan/${loan.id}/repay/`, { amount: '593.77' });
    expect(all.json()).toMatchObject({ status: 'repaid', outstanding: '0.00' });
    // What went to penalties is what the schedule did not receive: 3.47 + 1.04 + 0.25.
    const [penalties] = await ctx().app.db.query<{ total: string }>(
      `SELECT ((SELECT sum(amount) FROM payments WHERE loan_id = $1) -
               (SELECT sum(paid_amount) FROM loan_schedule WHERE loan_id = $1))::text AS total`,
      [loan.id],
    );
    expect(penalties?.total).toBe('4.76');
  });

  it('picks the loan overdue longest when there are several', async () => {
    const { call, terms, loan: first } = await issued('1000.00', 3);
    // Repay the first loan's first row so the second loan falls overdue earlier.
    ctx().clock.set('2026-12-01T10:00:00+04:00');
    await call('POST', `loan/${first.id}/repay/`, { amount: '346.75' });
    await call('POST', 'loan_application/', {
      amount: '500.00',
      term: 3,
      terms_of_contract: terms.current,
    });
    const loans = (await call('GET', 'loan/')).json() as LoanBody[];
    expect(loans.map((loan) => loan.id)).toEqual([first.id + 1, first.id]);
    // Second loan due 2027-01-01, the first's next row 2027-01-22.
    ctx().clock.set('2027-01-30T10:00:00+04:00');
    expect((await call('GET', 'overdue_loan_application/')).json()).toMatchObject({
      loan: first.id + 1,
      overdue_days: 29,
    });
  });

  it("keeps other users' loans out of reach: 404", async () => {
    const { loan } = await issued();
    const stranger = await customer(ctx);
    expect((await stranger.call('GET', 'loan/')).json()).toEqual([]);
    const response = await stranger.call('POST', `loan/${loan.id}/repay/`, { amount: '10.00' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
    expect((await stranger.call('POST', 'loan/abc/repay/', { amount: '10.00' })).statusCode).toBe(
      404,
    );
  });

  it('answers bad repayment bodies with field errors', async () => {
    const { call, loan } = await issued();
    const url = `loan/${loan.id}/repay/`;
    expect((await call('POST', url, { amount: '0.00' })).json()).toEqual({
      amount: ['თანხა უნდა იყოს ნულზე მეტი.'],
    });
    expect((await call('POST', url, { amount: '-5.00' })).statusCode).toBe(400);
    expect((await call('POST', url, { amount: [] })).json()).toEqual({
      amount: ['მნიშვნელობის ტიპი არასწორია.'],
    });
    expect((await call('POST', url, { amount: '5.00', method: 'card' })).json()).toEqual({
      method: ['უცნობი ველი.'],
    });
    expect((await call('POST', url, {})).json()).toEqual({ amount: ['ეს ველი სავალდებულოა.'] });
    // Nothing was paid.
    expect((await call('GET', 'loan/')).json()[0].outstanding).toBe('1040.27');
  });

  it('needs a logged-in user for every loan call but the calculator', async () => {
    for (const [method, url] of [
      ['GET', '/api/loan/loan/'],
      ['GET', '/api/loan/loan_application/'],
      ['POST', '/api/loan/loan_application/'],
      ['POST', '/api/loan/loan_application/1/cancel/'],
      ['POST', '/api/loan/loan/1/repay/'],
      ['GET', '/api/loan/overdue_loan_application/'],
    ] as const) {
      const response = await ctx().call({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ code: 'not_authenticated' });
    }
  });
});
