import fc from 'fast-check';
import { addMonths, daysBetween, planLoan } from '../src/lib/calculator';
import {
  addDays,
  allocateRepayment,
  type LoanRecord,
  overdueOf,
  payoffQuote,
  penaltyDueOf,
  penaltyPerDayOf,
  remaining,
  type StoredRow,
  withdrawalQuote,
} from '../src/lib/loan-view';
import { fromTetri, type Tetri, toTetri } from '../src/lib/money';
import { PRODUCT } from '../src/lib/products';

/** A loan as the database would give it, issued at 10:00 in Tbilisi on `issueDate`. */
function loanOf(
  amount: string,
  term: number,
  issueDate: string,
  extra: Partial<Omit<LoanRecord, 'rows'>> & { paid?: readonly Tetri[] } = {},
): LoanRecord {
  const plan = planLoan(toTetri(amount), term, issueDate);
  const { paid = [], ...rest } = extra;
  return {
    id: 1,
    applicationId: 1,
    amount,
    term,
    monthlyPayment: fromTetri(plan.monthlyPayment),
    issuedAt: new Date(`${issueDate}T10:00:00+04:00`),
    lastPaymentDate: null,
    repaid: paid.reduce((sum, value) => sum + value, 0n),
    penaltyCarried: 0n,
    closedAt: null,
    closedAs: null,
    rows: plan.schedule.map((row, index) => ({ ...row, paid: paid[index] ?? 0n })),
    ...rest,
  };
}

const quoteView = (loan: LoanRecord, date: string) => {
  const q = payoffQuote(loan, date);
  return {
    principal: fromTetri(q.principal),
    interest: fromTetri(q.interest),
    penalty: fromTetri(q.penalty),
    total: fromTetri(q.total),
    scheduled_remaining: fromTetri(q.scheduledRemaining),
    interest_saved: fromTetri(q.interestSaved),
  };
};

// 1000.00 over 3 months from 2026-11-22: rows 2026-12-22 (326.75 + 20.00), 2027-01-22
// (333.28 + 13.47), 2027-02-22 (339.97 + 6.80); 1040.27 in all.
describe('the payoff quote', () => {
  const loan = loanOf('1000.00', 3, '2026-11-22');

  it('charges interest for the days used before the first row falls due', () => {
    // 1000.00 × 24% × 9 / 365 = 5.9178… → 5.92
    expect(quoteView(loan, '2026-12-01')).toEqual({
      principal: '1000.00',
      interest: '5.92',
      penalty: '0.00',
      total: '1005.92',
      scheduled_remaining: '1040.27',
      interest_saved: '34.35',
    });
  });

  it('counts a row dated on the quote date as due: its interest, no accrual yet', () => {
    expect(quoteView(loan, '2026-12-22')).toMatchObject({
      interest: '20.00',
      penalty: '0.00',
      total: '1020.00',
      interest_saved: '20.27',
    });
  });

  it('counts a row that fell due before the quote date as overdue, with its penalty', () => {
    // Penalty 346.75 × 0.1% × 1 = 0.35; accrual 673.25 × 24% × 1 / 365 = 0.44.
    expect(quoteView(loan, '2026-12-23')).toEqual({
      principal: '1000.00',
      interest: '20.44',
      penalty: '0.35',
      total: '1020.79',
      scheduled_remaining: '1040.27',
      interest_saved: '19.83',
    });
  });

  it('takes a row’s interest before its principal: a partly paid row owes principal only', () => {
    // 25.00 paid towards row 1: its 20.00 interest and 5.00 of principal.
    const part = loanOf('1000.00', 3, '2026-11-22', {
      paid: [2500n],
      lastPaymentDate: '2026-11-30',
    });
    expect(quoteView(part, '2026-12-22')).toMatchObject({
      principal: '995.00',
      interest: '0.00',
      total: '995.00',
      scheduled_remaining: '1015.27',
    });
  });

  it('counts interest paid ahead against the accrual', () => {
    // Row 1 paid, 10.00 paid ahead on row 2 (its interest is 13.47); 9 days after row 1:
    // accrual 673.25 × 24% × 9 / 365 = 3.98, already covered by the 10.00.
    const ahead = loanOf('1000.00', 3, '2026-11-22', {
      paid: [34675n, 1000n],
      lastPaymentDate: '2026-12-22',
    });
    const q = payoffQuote(ahead, '2026-12-31');
    expect(q.interest).toBe(0n);
    expect(q.principal).toBe(67325n);
    expect(q.interestSaved).toBeGreaterThanOrEqual(0n);
  });

  it('includes a carried penalty', () => {
    const carried = loanOf('1000.00', 3, '2026-11-22', {
      penaltyCarried: 200n,
      lastPaymentDate: '2027-01-01',
    });
    // Overdue since 2026-12-22, last payment 2027-01-01: 346.75 × 0.1% × 4 = 1.39, plus 2.00.
    expect(payoffQuote(carried, '2027-01-05').penalty).toBe(200n + 139n);
  });
});

describe('the penalty (contract v1.1)', () => {
  const loan = loanOf('1000.00', 3, '2026-11-22');

  it('accepts a payment below the penalty: it goes to the penalty and the rest is carried', () => {
    const penalty = overdueOf(loan, '2027-01-01')?.penalty ?? 0n;
    expect(penalty).toBe(347n); // 346.75 × 0.1% × 10
    const allocation = allocateRepayment(loan, 100n, penalty);
    expect(allocation).toEqual({
      penaltyLeft: 247n,
      rows: new Map(),
      split: { penalty: 100n, interest: 0n, principal: 0n },
    });
  });

  it('pays the penalty first, then the rows oldest first', () => {
    const allocation = allocateRepayment(loan, 40000n, 347n);
    expect(allocation.penaltyLeft).toBe(0n);
    expect([...allocation.rows]).toEqual([
      [1, 34675n],
      [2, 40000n - 347n - 34675n],
    ]);
  });

  it('grows again from the payment’s day on what is still overdue, on top of the carry', () => {
    const after = loanOf('1000.00', 3, '2026-11-22', {
      penaltyCarried: 247n,
      lastPaymentDate: '2027-01-01',
      repaid: 100n,
    });
    // Three days later: 2.47 + 346.75 × 0.1% × 3 = 2.47 + 1.04.
    expect(overdueOf(after, '2027-01-04')?.penalty).toBe(247n + 104n);
    // On the payment's day only the carry is due.
    expect(penaltyDueOf(after, '2027-01-01')).toBe(247n);
  });

  it('is never due on a closed loan, nor is it overdue', () => {
    const withdrawn = loanOf('1000.00', 3, '2026-11-22', {
      closedAs: 'withdrawn',
      closedAt: new Date('2026-11-25T08:00:00Z'),
    });
    expect(overdueOf(withdrawn, '2027-06-01')).toBeNull();
    expect(penaltyDueOf(withdrawn, '2027-06-01')).toBe(0n);
  });
});

describe('the withdrawal quote', () => {
  it('returns what was received plus interest for the days used, the fee refunded', () => {
    const loan = loanOf('1000.00', 3, '2026-11-22');
    // Received 980.00; 980.00 × 24% × 5 / 365 = 3.2219… → 3.22.
    expect(withdrawalQuote(loan, '2026-11-27')).toEqual({
      loan: 1,
      available: true,
      until: '2026-12-06',
      amountToReturn: 98322n,
      interest: 322n,
      feeRefunded: 2000n,
    });
  });

  it('is available through the 14th day, not after, and never on a closed loan', () => {
    const loan = loanOf('1000.00', 3, '2026-11-22');
    expect(withdrawalQuote(loan, '2026-12-06').available).toBe(true);
    expect(withdrawalQuote(loan, '2026-12-07').available).toBe(false);
    const closed = { ...loan, closedAs: 'repaid' as const, closedAt: new Date() };
    expect(withdrawalQuote(closed, '2026-11-23').available).toBe(false);
  });

  it('takes the 14 days from the Tbilisi date: a loan issued at 23:30 in Tbilisi', () => {
    // 19:30 UTC on 2026-11-22 is 23:30 in Tbilisi; 20:30 UTC is already 2026-11-23 there.
    const late = {
      ...loanOf('1000.00', 3, '2026-11-22'),
      issuedAt: new Date('2026-11-22T19:30:00Z'),
    };
    const next = { ...late, issuedAt: new Date('2026-11-22T20:30:00Z') };
    expect(withdrawalQuote(late, '2026-11-22').until).toBe('2026-12-06');
    expect(withdrawalQuote(next, '2026-11-23').until).toBe('2026-12-07');
  });

  it('keeps the sign when more has been repaid than is owed back', () => {
    const loan = loanOf('1000.00', 3, '2026-11-22', { repaid: 100000n });
    // 980.00 + 3.22 − 1000.00
    expect(fromTetri(withdrawalQuote(loan, '2026-11-27').amountToReturn)).toBe('-16.78');
  });
});

describe('the calculator’s first period bounds the payoff accrual', () => {
  it('never lets the accrual of a period exceed its row’s interest (30/365 < 1/12)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 1_000_000 }),
        fc.constantFrom(...PRODUCT.terms),
        fc.date({ min: new Date('2025-01-01'), max: new Date('2028-12-31'), noInvalidDate: true }),
        (amount, term, start) => {
          const issue = start.toISOString().slice(0, 10);
          const loan = loanOf(fromTetri(BigInt(amount)), term, issue);
          let previous = issue;
          for (const row of loan.rows) {
            // The last day before the row falls due.
            const q = payoffQuote(
              {
                ...loan,
                rows: loan.rows.map((r) => (r.number < row.number ? { ...r, paid: r.payment } : r)),
              },
              addDays(row.date, -1),
            );
            expect(q.interest).toBeLessThanOrEqual(row.interest);
            expect(daysBetween(previous, row.date)).toBeLessThanOrEqual(31);
            previous = row.date;
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** A random loan in some state of repayment, and a quote date up to 30 days after "today". */
const loanState = fc
  .record({
    amount: fc.integer({ min: 10_000, max: 1_000_000 }),
    term: fc.constantFrom(...PRODUCT.terms),
    issue: fc.date({
      min: new Date('2025-01-01'),
      max: new Date('2027-12-31'),
      noInvalidDate: true,
    }),
    // Rows paid in full, then a share of the next one (per mille).
    fullRows: fc.nat({ max: 24 }),
    partial: fc.integer({ min: 0, max: 999 }),
    carried: fc.integer({ min: 0, max: 5_000 }),
    todayOffset: fc.integer({ min: 0, max: 800 }),
    quoteOffset: fc.integer({ min: 0, max: 30 }),
    paidLate: fc.boolean(),
  })
  .map((s) => {
    const issue = s.issue.toISOString().slice(0, 10);
    const base = loanOf(fromTetri(BigInt(s.amount)), s.term, issue);
    const full = Math.min(s.fullRows, s.term - 1);
    const rows: StoredRow[] = base.rows.map((row, index) => {
      if (index < full) return { ...row, paid: row.payment };
      if (index === full) return { ...row, paid: (row.payment * BigInt(s.partial)) / 1000n };
      return row;
    });
    const today = addDays(issue, s.todayOffset);
    const paidRows = rows.filter((row) => row.paid > 0n);
    const lastPaid = paidRows.at(-1);
    // Paid on the due date or 5 days late, never after "today". (ISO dates sort as text.)
    const earlier = (a: string, b: string) => [a, b].sort()[0] ?? a;
    const lastPaymentDate = lastPaid
      ? earlier(s.paidLate ? addDays(lastPaid.date, 5) : lastPaid.date, today)
      : null;
    const loan: LoanRecord = {
      ...base,
      rows,
      lastPaymentDate,
      penaltyCarried: lastPaymentDate ? BigInt(s.carried) : 0n,
      repaid: rows.reduce((sum, row) => sum + row.paid, 0n),
    };
    return { loan, today, date: addDays(today, s.quoteOffset) };
  });

describe('payoff quotes of random loans (properties)', () => {
  it('total = principal + interest + penalty, and interest_saved is the formula', () => {
    fc.assert(
      fc.property(loanState, ({ loan, date }) => {
        const q = payoffQuote(loan, date);
        expect(q.total).toBe(q.principal + q.interest + q.penalty);
        expect(q.interestSaved).toBe(q.scheduledRemaining + q.penalty - q.total);
        expect(q.scheduledRemaining).toBe(loan.rows.reduce((sum, row) => sum + remaining(row), 0n));
        expect(q.principal).toBeGreaterThanOrEqual(0n);
        expect(q.interest).toBeGreaterThanOrEqual(0n);
      }),
      { numRuns: 200 },
    );
  });

  it('never costs more than the schedule (a few tetri when only an overdue last row is left)', () => {
    fc.assert(
      fc.property(loanState, ({ loan, date }) => {
        const q = payoffQuote(loan, date);
        const open = loan.rows.filter((row) => remaining(row) > 0n);
        const onlyLastOverdue =
          open.length === 1 && open[0]?.number === loan.term && (open[0]?.date ?? '') < date;
        const floor = onlyLastOverdue ? -5n : 0n;
        expect(q.interestSaved).toBeGreaterThanOrEqual(floor);
        expect(q.total).toBeLessThanOrEqual(q.scheduledRemaining + q.penalty - floor);
      }),
      { numRuns: 200 },
    );
  });

  it('pays every row of the schedule when the whole payoff amount is allocated on the day', () => {
    fc.assert(
      fc.property(loanState, ({ loan, today }) => {
        const penalty = penaltyDueOf(loan, today);
        const outstanding = loan.rows.reduce((sum, row) => sum + remaining(row), 0n);
        const allocation = allocateRepayment(loan, outstanding + penalty, penalty);
        expect(allocation.penaltyLeft).toBe(0n);
        for (const row of loan.rows) {
          expect(allocation.rows.get(row.number) ?? row.paid).toBe(row.payment);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps the withdrawal arithmetic: received + interest − repaid, the fee the calculator’s', () => {
    fc.assert(
      fc.property(loanState, ({ loan, today }) => {
        const w = withdrawalQuote(loan, today);
        const amount = toTetri(loan.amount);
        expect(w.feeRefunded).toBe(planLoan(amount, loan.term, addMonths(today, 0)).serviceFee);
        expect(w.amountToReturn).toBe(amount - w.feeRefunded + w.interest - loan.repaid);
        expect(w.until).toBe(addDays(loan.issuedAt.toISOString().slice(0, 10), 14));
      }),
      { numRuns: 200 },
    );
  });
});

describe('a repayment’s split and the daily penalty of random loans (properties, v1.2)', () => {
  it('splits any repayment into penalty, then interest before principal, adding up to it', () => {
    fc.assert(
      fc.property(loanState, fc.integer({ min: 1, max: 1000 }), ({ loan, today }, share) => {
        const penalty = penaltyDueOf(loan, today);
        const outstanding = loan.rows.reduce((sum, row) => sum + remaining(row), 0n);
        const amount = ((outstanding + penalty) * BigInt(share) + 999n) / 1000n;
        fc.pre(amount > 0n);
        const { split, rows } = allocateRepayment(loan, amount, penalty);
        expect(split.penalty + split.interest + split.principal).toBe(amount);
        expect(split.penalty).toBe(amount < penalty ? amount : penalty);
        // The rows' interest and principal paid, from their paid amounts before and after.
        let interest = 0n;
        let principal = 0n;
        for (const row of loan.rows) {
          const after = rows.get(row.number) ?? row.paid;
          const interestPaid = (paid: bigint) => (paid < row.interest ? paid : row.interest);
          interest += interestPaid(after) - interestPaid(row.paid);
          principal += after - interestPaid(after) - (row.paid - interestPaid(row.paid));
        }
        expect(split.interest).toBe(interest);
        expect(split.principal).toBe(principal);
        expect(split.interest).toBeGreaterThanOrEqual(0n);
        expect(split.principal).toBeGreaterThanOrEqual(0n);
      }),
      { numRuns: 300 },
    );
  });

  it('adds penalty_per_day to the penalty by the next day, at an unchanged overdue amount', () => {
    fc.assert(
      fc.property(loanState, ({ loan, today }) => {
        const state = overdueOf(loan, today);
        fc.pre(state !== null);
        if (!state) return;
        // No further row falls due overnight: the overdue amount stays as it is.
        fc.pre(!loan.rows.some((row) => row.date === today && remaining(row) > 0n));
        const tomorrow = overdueOf(loan, addDays(today, 1));
        expect(tomorrow?.amount).toBe(state.amount);
        expect(tomorrow?.penalty).toBe(state.penalty + penaltyPerDayOf(state));
        // About 0.10% of the overdue amount: within a tetri of it.
        const exact = state.amount * 10n;
        const perDay = penaltyPerDayOf(state) * 10_000n;
        expect(perDay >= exact - 10_000n && perDay <= exact + 10_000n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
