import { seedLoans } from '../src/db/seed-loans';
import { toTetri } from '../src/lib/money';
import { build } from './build';
import { accessToken, createLoanTerms, createUser } from './loan-test-utils';

describe('the seeded loans', () => {
  const ctx = build();

  // The user and content seeds own these rows; written here so this test stands alone.
  async function seedWithUsers() {
    await createLoanTerms(ctx().app);
    const active = await createUser(ctx().app, { personalNumber: '01001000001' });
    const overdue = await createUser(ctx().app, { personalNumber: '01001000004' });
    const fresh = await createUser(ctx().app, { personalNumber: '01001000006' });
    await ctx().app.db.transaction((tx) => seedLoans(tx, ctx().app));
    return { active, overdue, fresh };
  }

  const get = async (userId: number, url: string) =>
    ctx().call({ url: `/api/loan/${url}`, token: await accessToken(ctx().app, userId) });

  it('gives 01001000004 a 1500.00 loan over 6 months, first payment made, now overdue', async () => {
    const { overdue } = await seedWithUsers();
    const loans = (await get(overdue, 'loan/')).json();
    expect(loans).toHaveLength(1);
    const [loan] = loans;
    expect(loan).toMatchObject({
      amount: '1500.00',
      term: 6,
      status: 'overdue',
      // 95 days before 2026-11-22T10:00+04:00.
      issued_at: '2026-08-19T06:00:00.000Z',
      next_payment_date: '2026-10-19',
    });
    expect(
      loan.schedule.map((row: { date: string; paid: boolean }) => [row.date, row.paid]),
    ).toEqual([
      ['2026-09-19', true],
      ['2026-10-19', false],
      ['2026-11-19', false],
      ['2026-12-19', false],
      ['2027-01-19', false],
      ['2027-02-19', false],
    ]);
    const [application] = (await get(overdue, 'loan_application/')).json();
    expect(application).toMatchObject({
      id: loan.application,
      status: 'issued',
      amount: '1500.00',
      term: 6,
    });
    expect(application.monthly_payment).toBe(loan.monthly_payment);

    const due = (await get(overdue, 'overdue_loan_application/')).json();
    const overdueAmount = 2 * Number(loan.monthly_payment);
    expect(due).toMatchObject({
      loan: loan.id,
      overdue_days: 34,
      overdue_amount: overdueAmount.toFixed(2),
    });
    expect(due.penalty).toBe((Math.round(overdueAmount * 0.001 * 34 * 100) / 100).toFixed(2));
  });

  it('gives 01001000001 an active 800.00 loan over 3 months and an older repaid one', async () => {
    const { active } = await seedWithUsers();
    const loans = (await get(active, 'loan/')).json();
    expect(
      loans.map((loan: { amount: string; term: number; status: string }) => [
        loan.amount,
        loan.term,
        loan.status,
      ]),
    ).toEqual([
      ['800.00', 3, 'active'],
      ['500.00', 3, 'repaid'],
    ]);
    expect(loans[0]).toMatchObject({
      issued_at: '2026-11-02T06:00:00.000Z',
      next_payment_date: '2026-12-02',
      // 20 days old: past its 14 days to withdraw.
      withdrawal_until: '2026-11-16',
      closed_at: null,
    });
    // The repaid one closed at its last payment (noon in Tbilisi on the last due date).
    expect(loans[1]).toMatchObject({ closed_at: '2026-08-06T08:00:00.000Z' });
    const withdrawal = (await get(active, `loan/${loans[0].id}/withdrawal/`)).json();
    expect(withdrawal).toMatchObject({ available: false, until: '2026-11-16' });
    expect((await get(active, 'overdue_loan_application/')).statusCode).toBe(404);
    const applications = (await get(active, 'loan_application/')).json();
    expect(applications.map((a: { status: string }) => a.status)).toEqual(['issued', 'issued']);
  });

  it('gives 01001000006 a 1000.00 loan over 6 months issued 3 days ago, inside its 14 days', async () => {
    const { fresh } = await seedWithUsers();
    const loans = (await get(fresh, 'loan/')).json();
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({
      amount: '1000.00',
      term: 6,
      status: 'active',
      issued_at: '2026-11-19T06:00:00.000Z',
      withdrawal_until: '2026-12-03',
      closed_at: null,
    });
    expect(loans[0].schedule.every((row: { paid: boolean }) => !row.paid)).toBe(true);
    const withdrawal = (await get(fresh, `loan/${loans[0].id}/withdrawal/`)).json();
    // Received 980.00 (2% fee withheld); 980.00 × 24% × 3 / 365 = 1.933 → 1.93.
    expect(withdrawal).toEqual({
      loan: loans[0].id,
      available: true,
      until: '2026-12-03',
      amount_to_return: '981.93',
      interest: '1.93',
      fee_refunded: '20.00',
    });
  });

  it('fails loudly when a seed user is missing', async () => {
    await createLoanTerms(ctx().app);
    await expect(ctx().app.db.transaction((tx) => seedLoans(tx, ctx().app))).rejects.toThrow(
      /01001000001/,
    );
  });
});

describe('the whole seed', () => {
  const ctx = build({}, { seed: true });

  it('gives the seed users their loans: overdue for 01001000004, active and repaid for 01001000001, one to withdraw for 01001000006', async () => {
    const users = await ctx().app.db.query<{ id: number; personal_number: string }>(
      "SELECT id, personal_number FROM users WHERE personal_number IN ('01001000001', '01001000004', '01001000006') ORDER BY personal_number",
    );
    const statuses = [];
    for (const user of users) {
      const token = await accessToken(ctx().app, user.id);
      const loans = (await ctx().call({ url: '/api/loan/loan/', token })).json();
      statuses.push(loans.map((loan: { status: string }) => loan.status));
    }
    expect(statuses).toEqual([['active', 'repaid'], ['overdue'], ['active']]);
  });
});

describe('the seeded v1.2 records', () => {
  const ctx = build({}, { seed: true });

  async function tokenOf(personalNumber: string) {
    const [user] = await ctx().app.db.query<{ id: number }>(
      'SELECT id FROM users WHERE personal_number = $1',
      [personalNumber],
    );
    if (!user) throw new Error(`no seed user ${personalNumber}`);
    return accessToken(ctx().app, user.id);
  }

  it('gives 01001000007 a loan paid off after four payments and an open one with a payment', async () => {
    const token = await tokenOf('01001000007');
    const loans = (await ctx().call({ url: '/api/loan/loan/', token })).json();
    expect(loans.map((l: { amount: string; status: string }) => [l.amount, l.status])).toEqual([
      ['900.00', 'active'],
      ['1200.00', 'repaid'],
    ]);
    const [open, paidOff] = loans;
    const payments = (
      await ctx().call({ url: `/api/loan/loan/${paidOff.id}/payments/`, token })
    ).json();
    expect(
      payments.map((p: { kind: string; receipt_number: string }) => [p.kind, p.receipt_number]),
    ).toEqual([
      ['repayment', `R-${paidOff.id}-1`],
      ['repayment', `R-${paidOff.id}-2`],
      ['repayment', `R-${paidOff.id}-3`],
      ['repayment', `R-${paidOff.id}-4`],
      ['payoff', `R-${paidOff.id}-5`],
    ]);
    expect(payments[3]).toMatchObject({ amount: '150.00', penalty: '0.00' });
    expect(payments[4].paid_at).toBe(paidOff.closed_at);
    const principal = payments.reduce(
      (sum: bigint, p: { principal: string }) => sum + toTetri(p.principal),
      0n,
    );
    expect(principal).toBe(120000n);
    const openPayments = (
      await ctx().call({ url: `/api/loan/loan/${open.id}/payments/`, token })
    ).json();
    expect(openPayments).toHaveLength(1);
    const contract = (
      await ctx().call({ url: `/api/loan/loan/${open.id}/contract/`, token })
    ).json();
    expect(contract.key_terms).toMatchObject({ amount: '900.00', term: 3 });
  });

  it('gives 01001000007 hardship requests, complaints in every state and marketing consent', async () => {
    const token = await tokenOf('01001000007');
    const [open, paidOff] = (await ctx().call({ url: '/api/loan/loan/', token })).json();
    const hardship = (
      await ctx().call({ url: `/api/loan/loan/${open.id}/hardship/`, token })
    ).json();
    expect(
      hardship.map((r: { kind: string; status: string; answer: string | null }) => [
        r.kind,
        r.status,
        r.answer !== null,
      ]),
    ).toEqual([
      ['date_change', 'received', false],
      ['payment_holiday', 'declined', true],
    ]);
    const again = await ctx().call({
      method: 'POST',
      url: `/api/loan/loan/${open.id}/hardship/`,
      token,
      payload: { kind: 'restructuring', reason: 'other' },
    });
    expect(again.json()).toMatchObject({ code: 'hardship_request_open' });
    const closed = await ctx().call({
      method: 'POST',
      url: `/api/loan/loan/${paidOff.id}/hardship/`,
      token,
      payload: { kind: 'restructuring', reason: 'other' },
    });
    expect(closed.json()).toMatchObject({ code: 'loan_closed' });

    const complaints = (await ctx().call({ url: '/api/support/complaints/', token })).json();
    const today = '2026-11-22';
    expect(
      complaints.map((c: { topic: string; status: string; loan: number | null }) => [
        c.topic,
        c.status,
        c.loan,
      ]),
    ).toEqual([
      ['service', 'received', null],
      ['loan', 'received', open.id],
      ['payment', 'answered', paidOff.id],
    ]);
    expect(complaints[0].answer_due > today).toBe(true);
    // Its month to answer has passed unanswered: the client shows the way to the NBG.
    expect(complaints[1].answer_due < today).toBe(true);
    expect(complaints[2]).toMatchObject({ answer: expect.any(String) });
    expect(complaints.map((c: { number: string }) => c.number).sort()).toEqual(
      complaints.map((c: { number: string }) => c.number).reverse(),
    );

    const consents = (await ctx().call({ url: '/api/user/consents/', token })).json();
    expect(consents[2]).toMatchObject({ kind: 'marketing', given: true });
  });

  it('leaves the other seed users’ states as they were: no complaints, no hardship requests', async () => {
    for (const personalNumber of ['01001000001', '01001000004', '01001000006']) {
      const token = await tokenOf(personalNumber);
      expect((await ctx().call({ url: '/api/support/complaints/', token })).json()).toEqual([]);
      for (const loan of (await ctx().call({ url: '/api/loan/loan/', token })).json()) {
        const requests = await ctx().call({ url: `/api/loan/loan/${loan.id}/hardship/`, token });
        expect(requests.json()).toEqual([]);
      }
      const consents = (await ctx().call({ url: '/api/user/consents/', token })).json();
      expect(consents[2]).toMatchObject({ kind: 'marketing', given: false });
    }
    // The repaid loan's rows were paid on their due dates: each a repayment of interest and
    // principal, no penalty.
    const token = await tokenOf('01001000001');
    const repaid = (await ctx().call({ url: '/api/loan/loan/', token })).json()[1];
    const payments = (
      await ctx().call({ url: `/api/loan/loan/${repaid.id}/payments/`, token })
    ).json();
    expect(payments).toHaveLength(3);
    payments.forEach((payment: Record<string, string>, index: number) => {
      const row = repaid.schedule[index];
      expect(payment).toMatchObject({
        kind: 'repayment',
        amount: row.payment,
        interest: row.interest,
        principal: row.principal,
        penalty: '0.00',
      });
    });
  });
});
