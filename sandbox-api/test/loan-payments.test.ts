import fc from 'fast-check';
import { toTetri } from '../src/lib/money';
import type { PaymentView } from '../src/lib/payments';
import { build } from './build';
import { accessToken, borrower, createUser } from './loan-test-utils';

/** A payment as `GET /api/loan/loan/<id>/payments/` answers it: the sandbox's own view of one. */
type PaymentBody = PaymentView;

// 1000.00 over 3 months from 2026-11-22: rows 2026-12-22 (326.75 + 20.00), 2027-01-22
// (333.28 + 13.47), 2027-02-22 (339.97 + 6.80).
describe('a loan’s payments', () => {
  const ctx = build();

  it('lists each repayment and the payoff, oldest first, split as applied, with receipts', async () => {
    const { call, loan } = await borrower(ctx);
    expect((await call('GET', `loan/${loan.id}/payments/`)).json()).toEqual([]);

    // Ahead of time: row 1's interest before its principal.
    ctx().clock.set('2026-11-30T10:00:00+04:00');
    expect((await call('POST', `loan/${loan.id}/repay/`, { amount: '25.00' })).statusCode).toBe(
      200,
    );
    // Late: 321.75 overdue for 10 days, penalty 3.22; 1.00 goes to the penalty alone.
    ctx().clock.set('2027-01-01T10:00:00+04:00');
    await call('POST', `loan/${loan.id}/repay/`, { amount: '1.00' });
    // Penalty 2.22 carried + 321.75 × 0.1% × 2 = 2.86, then row 1's principal, then row 2's
    // interest.
    ctx().clock.set('2027-01-03T10:00:00+04:00');
    await call('POST', `loan/${loan.id}/repay/`, { amount: '330.00' });
    // Payoff: 673.25 principal; 673.25 × 24% × 19 / 365 = 8.41 accrued, less 5.39 paid ahead.
    ctx().clock.set('2027-01-10T10:00:00+04:00');
    const quote = (await call('GET', `loan/${loan.id}/payoff/`)).json();
    expect(quote).toMatchObject({ principal: '673.25', interest: '3.02', penalty: '0.00' });
    expect((await call('POST', `loan/${loan.id}/payoff/`, {})).statusCode).toBe(200);

    const response = await call('GET', `loan/${loan.id}/payments/`);
    expect(response.statusCode).toBe(200);
    const payments = response.json<PaymentBody[]>();
    const receipt = (n: number) => `R-${loan.id}-${n}`;
    expect(payments).toEqual([
      {
        id: expect.any(Number),
        loan: loan.id,
        kind: 'repayment',
        amount: '25.00',
        penalty: '0.00',
        interest: '20.00',
        principal: '5.00',
        paid_at: '2026-11-30T06:00:00.000Z',
        receipt_number: receipt(1),
        order: null,
      },
      {
        id: expect.any(Number),
        loan: loan.id,
        kind: 'repayment',
        amount: '1.00',
        penalty: '1.00',
        interest: '0.00',
        principal: '0.00',
        paid_at: '2027-01-01T06:00:00.000Z',
        receipt_number: receipt(2),
        order: null,
      },
      {
        id: expect.any(Number),
        loan: loan.id,
        kind: 'repayment',
        amount: '330.00',
        penalty: '2.86',
        interest: '5.39',
        principal: '321.75',
        paid_at: '2027-01-03T06:00:00.000Z',
        receipt_number: receipt(3),
        order: null,
      },
      {
        id: expect.any(Number),
        loan: loan.id,
        kind: 'payoff',
        amount: quote.total,
        penalty: '0.00',
        interest: '3.02',
        principal: '673.25',
        paid_at: '2027-01-10T06:00:00.000Z',
        receipt_number: receipt(4),
        order: null,
      },
    ]);
    expect(quote.total).toBe('676.27');
    // Every tetri of principal was paid once.
    const principal = payments.reduce((sum, p) => sum + toTetri(p.principal), 0n);
    expect(principal).toBe(toTetri(loan.amount));
  });

  it('takes a payoff’s penalty and overdue interest from its quote', async () => {
    const { call, loan } = await borrower(ctx);
    ctx().clock.set('2027-01-01T10:00:00+04:00');
    const quote = (await call('GET', `loan/${loan.id}/payoff/`)).json();
    expect(quote.penalty).toBe('3.47');
    await call('POST', `loan/${loan.id}/payoff/`, {});
    const [payoff] = (await call('GET', `loan/${loan.id}/payments/`)).json<PaymentBody[]>();
    expect(payoff).toMatchObject({
      kind: 'payoff',
      amount: quote.total,
      penalty: quote.penalty,
      interest: quote.interest,
      principal: quote.principal,
    });
  });

  it('does not list a withdrawal: it is not a payment', async () => {
    const { call, loan } = await borrower(ctx);
    await call('POST', `loan/${loan.id}/repay/`, { amount: '50.00' });
    ctx().clock.set('2026-11-25T10:00:00+04:00');
    expect((await call('POST', `loan/${loan.id}/withdraw/`, {})).statusCode).toBe(200);
    const payments = (await call('GET', `loan/${loan.id}/payments/`)).json<PaymentBody[]>();
    expect(payments.map((p) => [p.kind, p.amount, p.receipt_number])).toEqual([
      ['repayment', '50.00', `R-${loan.id}-1`],
    ]);
  });

  it('answers 404 for another customer’s loan or a loan that is not there, 401 without a login', async () => {
    const { loan } = await borrower(ctx);
    const stranger = await accessToken(ctx().app, await createUser(ctx().app));
    for (const url of [`/api/loan/loan/${loan.id}/payments/`, '/api/loan/loan/999/payments/']) {
      const response = await ctx().call({ url, token: stranger });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
    }
    expect(
      (await ctx().call({ url: '/api/loan/loan/x/payments/', token: stranger })).statusCode,
    ).toBe(404);
    const anonymous = await ctx().call({ url: `/api/loan/loan/${loan.id}/payments/` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'not_authenticated' });
  });
});

describe('payments (properties)', () => {
  const ctx = build();

  it('add up to their amounts, and their receipts count 1, 2, 3… per loan, unique across loans', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          amount: fc.integer({ min: 100, max: 5000 }),
          term: fc.constantFrom(3, 6, 12),
          steps: fc.array(
            fc.record({
              days: fc.integer({ min: 0, max: 45 }),
              // A share of what is outstanding, in thousandths: small, partial or everything.
              share: fc.oneof(
                fc.integer({ min: 1, max: 50 }),
                fc.integer({ min: 1, max: 1000 }),
                fc.constant(1000),
              ),
            }),
            { minLength: 1, maxLength: 6 },
          ),
          payoff: fc.boolean(),
        }),
        async ({ amount, term, steps, payoff }) => {
          ctx().clock.set('2026-11-22T10:00:00+04:00');
          const { call, loan } = await borrower(ctx, `${amount}.00`, term);
          let closed = false;
          for (const step of steps) {
            ctx().clock.advance(step.days * 24 * 60 * 60);
            const [current] = (await call('GET', 'loan/')).json<{ outstanding: string }[]>();
            const outstanding = toTetri(current?.outstanding ?? '0.00');
            if (outstanding === 0n) break;
            const pay = (outstanding * BigInt(step.share) + 999n) / 1000n;
            const paid = await call('POST', `loan/${loan.id}/repay/`, {
              amount: `${pay / 100n}.${String(pay % 100n).padStart(2, '0')}`,
            });
            expect(paid.statusCode).toBe(200);
            closed = paid.json().status === 'repaid';
          }
          const paysOff = payoff && !closed;
          if (paysOff) {
            const paidOff = await call('POST', `loan/${loan.id}/payoff/`, {});
            expect(paidOff.statusCode).toBe(200);
            closed = true;
          }
          const payments = (await call('GET', `loan/${loan.id}/payments/`)).json<PaymentBody[]>();
          expect(payments.length).toBeGreaterThan(0);
          payments.forEach((payment, index) => {
            const parts = [payment.penalty, payment.interest, payment.principal].map(toTetri);
            for (const part of parts) expect(part).toBeGreaterThanOrEqual(0n);
            expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(toTetri(payment.amount));
            expect(payment.receipt_number).toBe(`R-${loan.id}-${index + 1}`);
            const last = index === payments.length - 1;
            expect(payment.kind).toBe(paysOff && last ? 'payoff' : 'repayment');
            if (index > 0) {
              const previous = payments[index - 1] as PaymentBody;
              expect(payment.paid_at >= previous.paid_at).toBe(true);
              expect(payment.id).toBeGreaterThan(previous.id);
            }
          });
          // The principal is paid once: all of it when the loan is closed.
          const principal = payments.reduce((sum, p) => sum + toTetri(p.principal), 0n);
          if (closed) expect(principal).toBe(toTetri(loan.amount));
          else expect(principal).toBeLessThan(toTetri(loan.amount));
        },
      ),
      { numRuns: 25 },
    );
    const receipts = await ctx().app.db.query<{ receipt_number: string }>(
      'SELECT receipt_number FROM payments',
    );
    expect(receipts.length).toBeGreaterThan(25);
    expect(new Set(receipts.map((r) => r.receipt_number)).size).toBe(receipts.length);
  }, 120_000);
});
