import { build } from './build';
import { customerWithLoan, runNotices } from './notification-test-utils';

// 1000.00 over 3 months from 2026-11-22 (TEST_START): rows 2026-12-22 (346.75), 2027-01-22
// (346.75), 2027-02-22 (346.77).

describe('payment reminders by the day’s run (v1.4)', () => {
  const ctx = build();

  it('reminds reminder_days before a due date and on it, at 10:00, once', async () => {
    const c = await customerWithLoan(ctx);
    const kinds = async () => (await c.feed()).results.filter((n) => n.kind === 'payment_due');

    // Before 10:00 nothing of the day is written.
    expect(await runNotices(ctx, '2026-12-19T09:59:00+04:00')).toMatchObject({
      date: null,
      written: 0,
    });
    expect(await kinds()).toEqual([]);
    expect(await runNotices(ctx, '2026-12-19T10:00:00+04:00')).toMatchObject({
      date: '2026-12-19',
      written: 1,
    });
    const [before] = await kinds();
    expect(before).toEqual({
      id: expect.any(Number),
      kind: 'payment_due',
      created_at: '2026-12-19T06:00:00.000Z',
      read_at: null,
      loan: c.loan.id,
      order: null,
      amount: '346.75',
      date: '2026-12-22',
      title: 'გადახდის შეხსენება',
      body: `სესხი №${c.loan.id}: გადასახდელია 346,75\u00a0₾, გადახდის თარიღი 22.12.2026.`,
    });
    expect((await c.sent('sms'))[0]?.body).toBe(
      `გადახდის შეხსენება. სესხი №${c.loan.id}: გადასახდელია 346,75\u00a0₾, გადახდის თარიღი 22.12.2026. http://localhost:3000/`,
    );
    // Never twice: the same day again, later that day, and two runs at once.
    expect((await runNotices(ctx, '2026-12-19T15:00:00+04:00')).written).toBe(0);
    const [one, two] = await Promise.all([
      runNotices(ctx, '2026-12-22T10:30:00+04:00'),
      runNotices(ctx, '2026-12-22T10:30:00+04:00'),
    ]);
    expect((one?.written ?? 0) + (two?.written ?? 0)).toBe(1);
    expect((await kinds()).map((n) => [n.title, n.date])).toEqual([
      ['დღეს გადახდის დღეა', '2026-12-22'],
      ['გადახდის შეხსენება', '2026-12-22'],
    ]);
    // Not on other days.
    expect((await runNotices(ctx, '2026-12-20T10:00:00+04:00')).written).toBe(0);
  });

  it('is one “before” reminder per due date even when reminder_days changes', async () => {
    const c = await customerWithLoan(ctx);
    const prefs = (days: number) =>
      c.api('PUT', '/api/user/notification_preferences/', { reminder_days: days, kinds: [] });
    await prefs(5);
    expect((await runNotices(ctx, '2026-12-17T10:00:00+04:00')).written).toBe(1);
    await prefs(3);
    expect((await runNotices(ctx, '2026-12-19T10:00:00+04:00')).written).toBe(0);
    // Row 1 paid, so 2027-01-21 (its 30th day late) has no overdue notice.
    await c.api('POST', `/api/loan/loan/${c.loan.id}/repay/`, { amount: '346.75' });
    await prefs(1);
    expect((await runNotices(ctx, '2027-01-21T10:00:00+04:00')).written).toBe(1);
    const due = (await c.feed()).results.filter((n) => n.kind === 'payment_due');
    expect(due.map((n) => [n.created_at, n.date])).toEqual([
      ['2027-01-21T06:00:00.000Z', '2027-01-22'],
      ['2026-12-17T06:00:00.000Z', '2026-12-22'],
    ]);
  });

  it('reminds of nothing once the row is paid, and of what is due with a penalty when late', async () => {
    const c = await customerWithLoan(ctx);
    await c.api('POST', `/api/loan/loan/${c.loan.id}/repay/`, { amount: '346.75' });
    expect((await runNotices(ctx, '2026-12-19T10:00:00+04:00')).written).toBe(0);
    expect((await runNotices(ctx, '2026-12-22T10:00:00+04:00')).written).toBe(0);
    // Rows 1 and 2 unpaid 3 days before row 2's date, with 28 days of penalty on row 1
    // (9.71): the next charge's figure.
    const late = await customerWithLoan(ctx);
    ctx().clock.set('2027-01-19T10:00:00+04:00');
    await runNotices(ctx, '2027-01-19T10:00:00+04:00');
    const autopay = await late.api('GET', `/api/loan/loan/${late.loan.id}/autopay/`);
    const [reminder] = (await late.feed()).results.filter((n) => n.kind === 'payment_due');
    expect(reminder).toMatchObject({ date: '2027-01-22' });
    expect(autopay.json()).toMatchObject({
      next_charge: { date: '2027-01-22', amount: reminder?.amount },
    });
    expect(reminder?.amount).toBe('703.21');
  });
});

describe('overdue notices by the day’s run (v1.4)', () => {
  const ctx = build();

  it('tells on the 1st, 7th and 30th day after a due date passes unpaid, with the penalty', async () => {
    const c = await customerWithLoan(ctx);
    const overdue = async () => (await c.feed()).results.filter((n) => n.kind === 'overdue');
    const days = ['2026-12-23', '2026-12-24', '2026-12-29', '2027-01-21', '2027-01-22'];
    const written: number[] = [];
    for (const day of days) written.push((await runNotices(ctx, `${day}T10:00:00+04:00`)).written);
    // 2027-01-22 is row 2's due date: a reminder, no overdue notice.
    expect(written).toEqual([1, 0, 1, 1, 1]);
    const notices = await overdue();
    expect(notices.map((n) => [n.created_at.slice(0, 10), n.date, n.loan])).toEqual([
      ['2027-01-21', '2026-12-22', c.loan.id],
      ['2026-12-29', '2026-12-22', c.loan.id],
      ['2026-12-23', '2026-12-22', c.loan.id],
    ]);
    // The amount is the overdue total with the penalty, as the overdue call says that day.
    ctx().clock.set('2026-12-29T10:00:00+04:00');
    const shown = (await c.api('GET', '/api/loan/overdue_loan_application/')).json<{
      total_due: string;
    }>();
    expect(notices[1]?.amount).toBe(shown.total_due);
    expect(shown.total_due).toBe('349.18');
    expect(notices[1]?.title).toBe('გადახდა ვადაგადაცილებულია');
  });

  it('is at most one a loan a day when two due dates meet', async () => {
    // Issued 2026-12-30: rows 2027-01-30 and 2027-02-28, 29 days apart, so 2027-03-01 is the
    // 30th day after the first and the 1st after the second.
    ctx().clock.set('2026-12-30T10:00:00+04:00');
    const c = await customerWithLoan(ctx);
    expect(c.loan.schedule.map((row) => row.date).slice(0, 2)).toEqual([
      '2027-01-30',
      '2027-02-28',
    ]);
    expect((await runNotices(ctx, '2027-03-01T10:00:00+04:00')).written).toBe(1);
    expect((await runNotices(ctx, '2027-03-01T11:00:00+04:00')).written).toBe(0);
    const notices = (await c.feed()).results.filter((n) => n.kind === 'overdue');
    expect(notices).toEqual([expect.objectContaining({ date: '2027-01-30' })]);
  });

  it('keeps one a day in the database itself, whatever the code asks', async () => {
    const c = await customerWithLoan(ctx);
    await runNotices(ctx, '2026-12-23T10:00:00+04:00');
    const insert = () =>
      ctx().app.db.query(
        `INSERT INTO notifications (user_id, kind, loan_id, amount, date, title, body, created_at, notice_day)
         VALUES ($1, 'overdue', $2, 1, '2026-12-22', 't', 'b', now(), '2026-12-23')`,
        [c.id, c.loan.id],
      );
    await expect(insert()).rejects.toThrow(/notifications_overdue_daily/);
  });

  it('writes in quiet hours with the SMS held for the morning; e-mail at once', async () => {
    const c = await customerWithLoan(ctx);
    const run = await runNotices(ctx, '2026-12-23T21:30:00+04:00');
    expect(run).toMatchObject({ date: '2026-12-23', written: 1, released: 0 });
    expect((await c.sent('email'))[0]?.body).toMatch(/^გადახდა ვადაგადაცილებულია/);
    expect((await c.sent('sms'))[0]?.body).toMatch(/^სესხი გაცემულია/);
    expect((await runNotices(ctx, '2026-12-24T09:00:00+04:00')).released).toBe(1);
    expect((await c.sent('sms'))[0]).toMatchObject({
      body: expect.stringMatching(/^გადახდა ვადაგადაცილებულია/),
      created_at: '2026-12-24T05:00:00.000Z',
    });
  });
});

describe('the run’s helper', () => {
  const ctx = build();

  it('runs at the clock’s now without `at`, and refuses a moment that is not one', async () => {
    ctx().clock.set('2026-12-23T10:00:00+04:00');
    const run = await ctx().call({
      method: 'POST',
      url: '/__sandbox/notifications/run',
      payload: {},
    });
    expect(run.json()).toEqual({
      at: '2026-12-23T06:00:00.000Z',
      date: '2026-12-23',
      written: 0,
      released: 0,
    });
    const bad = await ctx().call({
      method: 'POST',
      url: '/__sandbox/notifications/run',
      payload: { at: '2026-12-23' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['at']);
  });
});

describe('the run’s helper in production mode', () => {
  const ctx = build({ mode: 'production' });

  it('is not there', async () => {
    const run = await ctx().call({
      method: 'POST',
      url: '/__sandbox/notifications/run',
      payload: {},
    });
    expect(run.statusCode).toBe(404);
  });
});
