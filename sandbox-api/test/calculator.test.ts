import fc from 'fast-check';
import { addMonths, daysBetween, georgianDate, planLoan } from '../src/lib/calculator';
import { fromTetri, toTetri } from '../src/lib/money';
import { PRODUCT } from '../src/lib/products';
import { build } from './build';
import { accessToken, createUser } from './loan-test-utils';

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

describe('the calculator maths', () => {
  it('matches a hand-computed annuity: 1000.00 over 3 months at 2% a month', () => {
    // 1000 · 0.02 / (1 − 1.02^−3) = 346.7547… → 346.75; interest 20.00, 13.465 → 13.47, 6.7994 → 6.80.
    const plan = planLoan(toTetri('1000.00'), 3, '2026-11-22');
    expect(fromTetri(plan.monthlyPayment)).toBe('346.75');
    expect(
      plan.schedule.map((row) => [
        row.number,
        row.date,
        ...[row.principal, row.interest, row.payment, row.balance].map(fromTetri),
      ]),
    ).toEqual([
      [1, '2026-12-22', '326.75', '20.00', '346.75', '673.25'],
      [2, '2027-01-22', '333.28', '13.47', '346.75', '339.97'],
      [3, '2027-02-22', '339.97', '6.80', '346.77', '0.00'],
    ]);
    expect(fromTetri(plan.totalPayment)).toBe('1040.27');
    expect(fromTetri(plan.totalInterest)).toBe('40.27');
    expect(fromTetri(plan.serviceFee)).toBe('20.00');
  });

  it('gives the effective rate as the annualised IRR of what the customer receives and pays', () => {
    const plan = planLoan(toTetri('1000.00'), 3, '2026-11-22');
    expect(plan.effectiveRate).toBe('43.32');
    // Discounting the payments at the reported rate gives back the 980.00 received.
    const monthly = (1 + Number(plan.effectiveRate) / 100) ** (1 / 12) - 1;
    const presentValue = plan.schedule.reduce(
      (total, row, index) => total + Number(row.payment) / 100 / (1 + monthly) ** (index + 1),
      0,
    );
    expect(Math.abs(presentValue - 980)).toBeLessThan(0.05);
  });

  it('keeps the effective rate below the 50% cap at every amount and term corner', () => {
    for (const amount of [PRODUCT.minAmount, PRODUCT.maxAmount]) {
      for (const term of PRODUCT.terms) {
        const rate = Number(planLoan(toTetri(amount), term, '2026-01-31').effectiveRate);
        expect(rate, `${amount} over ${term}`).toBeLessThan(50);
        expect(rate).toBeGreaterThan(Number(PRODUCT.nominalAnnualRate));
      }
    }
  });

  it('repays exactly the amount: principals sum to it and the balance ends at 0.00', () => {
    fc.assert(
      fc.property(
        fc.integer({
          min: Number(toTetri(PRODUCT.minAmount)),
          max: Number(toTetri(PRODUCT.maxAmount)),
        }),
        fc.constantFrom(...PRODUCT.terms),
        (amount, term) => {
          const plan = planLoan(BigInt(amount), term, '2026-11-22');
          expect(sum(plan.schedule.map((row) => row.principal))).toBe(BigInt(amount));
          expect(plan.schedule.at(-1)?.balance).toBe(0n);
          expect(plan.schedule).toHaveLength(term);
          for (const row of plan.schedule) expect(row.payment).toBe(row.principal + row.interest);
          expect(plan.totalPayment).toBe(sum(plan.schedule.map((row) => row.payment)));
          expect(plan.totalInterest).toBe(sum(plan.schedule.map((row) => row.interest)));
          // Only the last row absorbs rounding, by a few tetri at most.
          const last = plan.schedule.at(-1)?.payment ?? 0n;
          const drift = last - plan.monthlyPayment;
          expect(drift >= -BigInt(term) && drift <= BigInt(term)).toBe(true);
        },
      ),
    );
  });

  it('dates rows on the same day of each month, clamped to the month end', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 13)).toBe('2028-01-15');
  });

  it('reads dates in the Georgian day (UTC+4)', () => {
    expect(georgianDate(new Date('2026-11-22T19:59:59Z'))).toBe('2026-11-22');
    expect(georgianDate(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
    expect(daysBetween('2026-12-22', '2027-03-01')).toBe(69);
  });
});

describe('GET /api/loan/calculator', () => {
  const ctx = build();
  const url = (amount: string, term: string) =>
    `/api/loan/calculator?amount=${amount}&term=${term}`;

  it('answers anonymous callers with the product bounds and a schedule from today', async () => {
    const response = await ctx().call({ url: url('1000', '3') });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      amount: '1000.00',
      term: 3,
      monthly_payment: '346.75',
      total_payment: '1040.27',
      total_interest: '40.27',
      service_fee: '20.00',
      interest_rate: '24.00',
      effective_interest_rate: '43.32',
      min_amount: '100.00',
      max_amount: '10000.00',
      terms: [3, 6, 9, 12, 18, 24],
    });
    expect(body.schedule[0]).toEqual({
      number: 1,
      date: '2026-12-22',
      principal: '326.75',
      interest: '20.00',
      payment: '346.75',
      balance: '673.25',
    });
    expect(body.schedule.at(-1).balance).toBe('0.00');
  });

  it('narrows the bounds to a verified caller’s limit', async () => {
    const token = await accessToken(ctx().app, await createUser(ctx().app, { verified: true }));
    const response = await ctx().call({ url: url('1500.50', '12'), token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      amount: '1500.50',
      max_amount: '5000.00',
      terms: [3, 6, 12, 24],
    });
  });

  it('narrows to one fixed term and a small amount for a caller who is not verified', async () => {
    const token = await accessToken(ctx().app, await createUser(ctx().app, { verified: false }));
    const ok = await ctx().call({ url: url('500', '3'), token });
    expect(ok.json()).toMatchObject({ max_amount: '500.00', terms: [3] });
    const tooMuch = await ctx().call({ url: url('600', '6'), token });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      amount: ['თანხა არ უნდა აღემატებოდეს 500.00 ლარს.'],
      term: ['ვადა უნდა იყოს ერთ-ერთი შემდეგიდან: 3 თვე.'],
    });
  });

  it('refuses an invalid token with 401 token_not_valid, as DRF authentication would', async () => {
    const response = await ctx().call({
      url: url('1000', '3'),
      headers: { authorization: 'JWT not-a-token' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'token_not_valid' });
    // Even when the query is bad too: authentication comes first.
    const both = await ctx().call({
      url: url('abc', '3'),
      headers: { authorization: 'JWT not-a-token' },
    });
    expect(both.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await accessToken(ctx().app, await createUser(ctx().app));
    ctx().clock.advance(ctx().app.config.accessTtlSeconds + 1);
    const response = await ctx().call({ url: url('1000', '3'), token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('tells a banned caller so', async () => {
    const token = await accessToken(ctx().app, await createUser(ctx().app, { banned: true }));
    const response = await ctx().call({ url: url('1000', '3'), token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'banned_user' });
  });

  it('answers amounts and terms outside the product bounds with field errors', async () => {
    const low = await ctx().call({ url: url('99.99', '3') });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({ amount: ['თანხა უნდა იყოს არანაკლებ 100.00 ლარისა.'] });
    const high = await ctx().call({ url: url('10000.01', '3') });
    expect(high.json()).toEqual({ amount: ['თანხა არ უნდა აღემატებოდეს 10000.00 ლარს.'] });
    const term = await ctx().call({ url: url('1000', '4') });
    expect(term.json()).toEqual({
      term: ['ვადა უნდა იყოს ერთ-ერთი შემდეგიდან: 3, 6, 9, 12, 18, 24 თვე.'],
    });
  });

  it('answers malformed, missing and unknown query parameters with field errors', async () => {
    for (const query of [
      'amount=12.345&term=3',
      'amount=-5&term=3',
      'amount=1e3&term=3',
      'amount=1000&term=3.5',
    ]) {
      const response = await ctx().call({ url: `/api/loan/calculator?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
    const missing = await ctx().call({ url: '/api/loan/calculator?amount=1000' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ term: ['ეს ველი სავალდებულოა.'] });
    const unknown = await ctx().call({ url: '/api/loan/calculator?amount=1000&term=3&x=1' });
    expect(unknown.json()).toEqual({ x: ['უცნობი ველი.'] });
  });

  it('keeps the contract’s path exactly: no trailing slash', async () => {
    const response = await ctx().call({ url: '/api/loan/calculator/?amount=1000&term=3' });
    expect(response.statusCode).toBe(404);
  });
});
