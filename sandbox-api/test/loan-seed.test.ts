import { seedLoans } from '../src/db/seed-loans';
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
