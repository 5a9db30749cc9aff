import { HttpResponse, http } from 'msw';
import type { Loan } from 'shared/api/loan/loans';
import { fromTetri, toTetri } from 'shared/lib/money';
import type { Gate } from 'shared/testing/gate';
import { mswServer } from 'shared/testing/msw-server';
import type { Overdue } from '../lib/overdue/overdue';
import { withoutPaymentOrders } from './fake-order-provider';

/** Test data only: the tests' figures, as the contract writes them. */
const tetri = (amount: string) => {
  const value = toTetri(amount);
  if (value === null) throw new Error(`not money: ${amount}`);
  return value;
};

type Row = Loan['schedule'][number];

function row(number: number, date: string, payment: string, balance: string, paid: boolean): Row {
  const interest = number === 1 ? '30.00' : '20.00';
  return {
    number,
    date,
    principal: fromTetri(tetri(payment) - tetri(interest)),
    interest,
    payment,
    balance,
    paid,
  };
}

/**
 * A loan as the contract writes it, the rest read from its schedule as the provider keeps it:
 * the term is its rows, the monthly payment the first, the next payment the first unpaid.
 */
function loanOf(
  loan: Pick<
    Loan,
    'id' | 'application' | 'amount' | 'status' | 'issued_at' | 'withdrawal_until' | 'outstanding'
  > & { closed_at: string | null },
  schedule: Row[],
): Loan {
  const next = schedule.find((r) => !r.paid);
  return {
    ...loan,
    term: schedule.length,
    monthly_payment: schedule[0]?.payment ?? '0.00',
    next_payment_date: next?.date ?? null,
    next_payment_amount: next?.payment ?? null,
    schedule,
  };
}

/** Overdue since 10 November: two rows paid, the third 12 days late. */
export const overdueLoan = loanOf(
  {
    id: 11,
    application: 21,
    amount: '1500.00',
    status: 'overdue',
    issued_at: '2026-08-10T12:00:00+04:00',
    withdrawal_until: '2026-08-24',
    closed_at: null,
    outstanding: '1125.74',
  },
  [
    row(1, '2026-09-10', '281.44', '1248.56', true),
    row(2, '2026-10-10', '281.44', '987.12', true),
    row(3, '2026-11-10', '281.44', '725.68', false),
    row(4, '2026-12-10', '281.44', '464.24', false),
    row(5, '2027-01-10', '281.44', '202.80', false),
    row(6, '2027-02-10', '281.42', '0.00', false),
  ],
);

export const overdueAnswer: Overdue = {
  loan: 11,
  overdue_days: 12,
  overdue_amount: '281.44',
  penalty: '3.38',
  total_due: '284.82',
};

/** Active, one row of three paid. */
export const activeLoan = loanOf(
  {
    id: 12,
    application: 22,
    amount: '800.00',
    status: 'active',
    issued_at: '2026-10-20T12:00:00+04:00',
    withdrawal_until: '2026-11-03',
    closed_at: null,
    outstanding: '544.19',
  },
  [
    row(1, '2026-11-20', '272.09', '543.91', true),
    row(2, '2026-12-20', '272.09', '291.82', false),
    row(3, '2027-01-20', '272.10', '0.00', false),
  ],
);

/** Repaid in full: every row paid. */
export const repaidLoan = loanOf(
  {
    id: 9,
    application: 17,
    amount: '500.00',
    status: 'repaid',
    issued_at: '2026-03-01T12:00:00+04:00',
    withdrawal_until: '2026-03-15',
    closed_at: '2026-06-01T12:00:00+04:00',
    outstanding: '0.00',
  },
  [
    row(1, '2026-04-01', '176.12', '333.88', true),
    row(2, '2026-05-01', '176.12', '167.76', true),
    row(3, '2026-06-01', '176.12', '0.00', true),
  ],
);

/** Applies a repayment as the sandbox does: penalty first, then the rows in order. */
function applyRepayment(loan: Loan, credit: number, overdue: Overdue | null) {
  const scheduled = loan.schedule.reduce((sum, r) => sum + tetri(r.payment), 0);
  const outstanding = tetri(loan.outstanding) - credit;
  const paidTotal = scheduled - outstanding;
  let through = 0;
  let next: { date: string; amount: number } | null = null;
  const schedule: Loan['schedule'] = [];
  for (const r of loan.schedule) {
    through += tetri(r.payment);
    const paid = through <= paidTotal;
    if (!paid && next === null) next = { date: r.date, amount: through - paidTotal };
    schedule.push({ ...r, paid });
  }
  const stillOverdue = overdue !== null && credit < tetri(overdue.overdue_amount);
  const updated: Loan = {
    ...loan,
    schedule,
    outstanding: fromTetri(outstanding),
    status: outstanding === 0 ? 'repaid' : stillOverdue ? 'overdue' : 'active',
    next_payment_date: next?.date ?? null,
    next_payment_amount: next ? fromTetri(next.amount) : null,
    closed_at: outstanding === 0 ? '2026-11-22T12:00:00+04:00' : null,
  };
  const left =
    overdue && stillOverdue
      ? {
          ...overdue,
          overdue_amount: fromTetri(tetri(overdue.overdue_amount) - credit),
          penalty: '0.00',
          total_due: fromTetri(tetri(overdue.overdue_amount) - credit),
        }
      : null;
  return { loan: updated, overdue: left };
}

export interface FakeLoanProvider {
  loans: Loan[];
  overdue: Overdue | null;
  /** Every repayment request the page sent, in order. */
  repayments: { id: number; amount: string }[];
  loanRequests: number;
  overdueRequests: number;
}

/**
 * The provider's loans, overdue answer and repayment over msw, keeping state like the sandbox
 * (its README's v1.1 rules: penalty first, any amount up to what is owed, `loan_closed`). A gate holds repayment answers.
 * A provider without v1.3 (repay/ is how it is paid), unless the test adds fakeOrderProvider
 * after it.
 */
export function fakeLoanProvider(
  initial: { loans: Loan[]; overdue: Overdue | null },
  options: { repayGate?: Gate } = {},
): FakeLoanProvider {
  const state: FakeLoanProvider = {
    loans: structuredClone(initial.loans),
    overdue: initial.overdue ? { ...initial.overdue } : null,
    repayments: [],
    loanRequests: 0,
    overdueRequests: 0,
  };
  withoutPaymentOrders();
  mswServer.use(
    http.get('*/api/loan/loan/', () => {
      state.loanRequests += 1;
      return HttpResponse.json(state.loans);
    }),
    http.get('*/api/loan/overdue_loan_application/', () => {
      state.overdueRequests += 1;
      return state.overdue
        ? HttpResponse.json(state.overdue)
        : HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 });
    }),
    http.post('*/api/loan/loan/:id/repay/', async ({ params, request }) => {
      const id = Number(params.id);
      const { amount } = (await request.json()) as { amount: string };
      state.repayments.push({ id, amount });
      await options.repayGate?.passed();
      const index = state.loans.findIndex((loan) => loan.id === id);
      const loan = state.loans[index];
      if (!loan) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const owed = tetri(loan.outstanding);
      if (owed === 0 || loan.closed_at !== null) {
        return HttpResponse.json(
          { detail: 'სესხი დახურულია.', code: 'loan_closed' },
          { status: 400 },
        );
      }
      const own = state.overdue?.loan === id ? state.overdue : null;
      const penalty = own ? tetri(own.penalty) : 0;
      const paying = tetri(amount);
      // v1.1: any amount from 0.01 up to what is owed with the penalty; the penalty goes first.
      if (paying < 1 || paying > owed + penalty) {
        return HttpResponse.json(
          { amount: ['თანხა არ ჯდება დასაშვებ ფარგლებში.'] },
          { status: 400 },
        );
      }
      if (own && paying < penalty) {
        // All of it goes to the penalty; what is left of the penalty is carried.
        const penaltyLeft = penalty - paying;
        state.overdue = {
          ...own,
          penalty: fromTetri(penaltyLeft),
          total_due: fromTetri(tetri(own.overdue_amount) + penaltyLeft),
        };
        return HttpResponse.json(loan);
      }
      const result = applyRepayment(loan, paying - penalty, own);
      state.loans[index] = result.loan;
      if (own) state.overdue = result.overdue;
      return HttpResponse.json(result.loan);
    }),
  );
  return state;
}

/** An accessible name that starts with `label` (a choice's name goes on with its amount). */
export function startingWith(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}
