import { complaintAnswerDue } from '../src/lib/complaints';
import { build } from './build';
import { borrower } from './loan-test-utils';
import { createUser } from './user-utils';

const TEXT = 'გადახდა ორჯერ ჩამომეჭრა ბარათიდან, გთხოვთ დამიბრუნოთ.';

interface ComplaintBody {
  id: number;
  number: string;
  status: string;
  created_at: string;
}

describe('the answer is due one month after a complaint, in Tbilisi', () => {
  it('is the same day next month, or that month’s last day when it is shorter', () => {
    const due = (iso: string) => complaintAnswerDue(new Date(iso));
    expect(due('2026-11-22T10:00:00+04:00')).toBe('2026-12-22');
    expect(due('2027-01-31T10:00:00+04:00')).toBe('2027-02-28');
    expect(due('2028-01-31T10:00:00+04:00')).toBe('2028-02-29');
    expect(due('2026-03-31T10:00:00+04:00')).toBe('2026-04-30');
    expect(due('2026-12-15T10:00:00+04:00')).toBe('2027-01-15');
    // 21:30 UTC on 31 January is already 1 February in Tbilisi.
    expect(due('2027-01-31T21:30:00Z')).toBe('2027-03-01');
  });
});

describe('complaints', () => {
  const ctx = build();

  const token = async (user: { id: number }) => (await ctx().app.tokens.pair(user.id)).access;
  const send = async (user: { id: number }, payload: Record<string, unknown>) =>
    ctx().call({
      method: 'POST',
      url: '/api/support/complaints/',
      token: await token(user),
      payload,
    });
  const list = async (user: { id: number }) =>
    ctx().call({ url: '/api/support/complaints/', token: await token(user) });

  it('takes a complaint and answers it in full, numbered by year', async () => {
    const user = await createUser(ctx);
    const response = await send(user, { topic: 'service', loan: null, text: `  ${TEXT}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      number: 'GE-2026-000001',
      topic: 'service',
      loan: null,
      text: TEXT,
      status: 'received',
      created_at: '2026-11-22T06:00:00.000Z',
      answer_due: '2026-12-22',
      answer: null,
      answered_at: null,
    });
    ctx().clock.set('2026-11-23T10:00:00+04:00');
    // `loan` may be left out; the next number follows.
    expect((await send(user, { topic: 'other', text: TEXT })).json()).toMatchObject({
      number: 'GE-2026-000002',
      loan: null,
    });
    // A new year in Tbilisi (20:30 UTC on 31 December) starts from 1 again.
    ctx().clock.set('2026-12-31T20:30:00Z');
    expect((await send(user, { topic: 'other', text: TEXT })).json()).toMatchObject({
      number: 'GE-2027-000001',
      answer_due: '2027-02-01',
    });
  });

  it('lists the customer’s own complaints, newest first', async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    await send(other, { topic: 'loan', text: TEXT });
    for (const topic of ['loan', 'payment', 'personal_data']) {
      await send(user, { topic, text: TEXT });
      ctx().clock.advance(60);
    }
    const response = await list(user);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: { topic: string }) => c.topic)).toEqual([
      'personal_data',
      'payment',
      'loan',
    ]);
    expect((await list(other)).json()).toHaveLength(1);
  });

  it('takes one of the customer’s loans, and refuses another’s or one that is not there', async () => {
    const { userId, loan } = await borrower(ctx);
    const { loan: strangers } = await borrower(ctx);
    const owner = { id: userId };
    expect((await send(owner, { topic: 'loan', loan: loan.id, text: TEXT })).json()).toMatchObject({
      loan: loan.id,
    });
    expect(
      (await send(owner, { topic: 'loan', loan: String(loan.id), text: TEXT })).json(),
    ).toMatchObject({ loan: loan.id });
    for (const id of [strangers.id, 9999]) {
      const refused = await send(owner, { topic: 'loan', loan: id, text: TEXT });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ loan: ['ასეთი სესხი თქვენ არ გაქვთ.'] });
    }
  });

  it('refuses text under 20 or over 2000 characters after trimming, and control characters', async () => {
    const user = await createUser(ctx);
    const short = await send(user, { topic: 'other', text: `  ${'ა'.repeat(19)}   ` });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ text: ['ტექსტი უნდა შეიცავდეს მინიმუმ 20 სიმბოლოს.'] });
    expect((await send(user, { topic: 'other', text: 'ა'.repeat(20) })).statusCode).toBe(201);
    expect((await send(user, { topic: 'other', text: `${'ა'.repeat(2000)} ` })).statusCode).toBe(
      201,
    );
    ctx().clock.advance(24 * 60 * 60);
    const long = await send(user, { topic: 'other', text: 'ა'.repeat(2001) });
    expect(long.json()).toEqual({ text: ['ტექსტი არ უნდა აღემატებოდეს 2000 სიმბოლოს.'] });
    const control = await send(user, { topic: 'other', text: `${TEXT}\u0007` });
    expect(control.json()).toEqual({ text: ['ველი შეიცავს დაუშვებელ სიმბოლოს.'] });
    const newline = await send(user, { topic: 'other', text: `${TEXT}\n${TEXT}` });
    expect(newline.json()).toEqual({ text: ['ველი შეიცავს დაუშვებელ სიმბოლოს.'] });
  });

  it('refuses an unknown topic, a missing field and an unknown one in the field shape', async () => {
    const user = await createUser(ctx);
    expect((await send(user, { topic: 'fees', text: TEXT })).json()).toEqual({
      topic: ['აირჩიეთ ერთ-ერთი: loan, payment, personal_data, service, other.'],
    });
    expect((await send(user, {})).json()).toEqual({
      topic: ['ეს ველი სავალდებულოა.'],
      text: ['ეს ველი სავალდებულოა.'],
    });
    expect((await send(user, { topic: 'other', text: TEXT, status: 'answered' })).json()).toEqual({
      status: ['უცნობი ველი.'],
    });
    expect((await send(user, { topic: 'other', text: TEXT, loan: -1 })).statusCode).toBe(400);
  });

  it('answers 429 throttled past 3 in 24 hours, with Retry-After until the oldest leaves', async () => {
    const user = await createUser(ctx);
    for (const minutes of [0, 60, 120]) {
      ctx().clock.set('2026-11-22T10:00:00+04:00');
      ctx().clock.advance(minutes * 60);
      expect((await send(user, { topic: 'other', text: TEXT })).statusCode).toBe(201);
    }
    ctx().clock.set('2026-11-23T09:59:00+04:00');
    const throttled = await send(user, { topic: 'other', text: TEXT });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('60');
    expect(throttled.json()).toEqual({
      detail: 'ძალიან ბევრი მცდელობა. სცადეთ 60 წამში.',
      code: 'throttled',
    });
    // Another customer is not held up.
    expect((await send(await createUser(ctx), { topic: 'other', text: TEXT })).statusCode).toBe(
      201,
    );
    ctx().clock.set('2026-11-23T10:00:00+04:00');
    expect((await send(user, { topic: 'other', text: TEXT })).statusCode).toBe(201);
    expect((await list(user)).json()).toHaveLength(4);
  });

  it('keeps the throttle exact for complaints sent at once', async () => {
    const user = await createUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send(user, { topic: 'other', text: TEXT })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const complaints = (await list(user)).json<ComplaintBody[]>();
    expect(complaints).toHaveLength(3);
    expect(new Set(complaints.map((c) => c.number)).size).toBe(3);
  });

  it('answers only a logged-in customer', async () => {
    expect((await ctx().call({ url: '/api/support/complaints/' })).statusCode).toBe(401);
    const anonymous = await ctx().call({
      method: 'POST',
      url: '/api/support/complaints/',
      payload: { topic: 'other', text: TEXT },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'not_authenticated' });
  });

  it('is answered by the lender through the development call, once', async () => {
    const user = await createUser(ctx);
    const { id } = (await send(user, { topic: 'payment', text: TEXT })).json<ComplaintBody>();
    ctx().clock.set('2026-11-30T15:00:00+04:00');
    const answer = (payload: Record<string, unknown>, complaint = id) =>
      ctx().call({ method: 'POST', url: `/__sandbox/complaints/${complaint}/answer`, payload });
    const answered = await answer({ answer: '  თანხა დაგიბრუნდათ 2 სამუშაო დღეში.  ' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      id,
      status: 'answered',
      answer: 'თანხა დაგიბრუნდათ 2 სამუშაო დღეში.',
      answered_at: '2026-11-30T11:00:00.000Z',
    });
    expect((await list(user)).json()[0]).toEqual(answered.json());
    const again = await answer({ answer: 'კიდევ ერთხელ.' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'complaint_answered' });
    expect((await answer({ answer: 'პასუხი' }, 9999)).statusCode).toBe(404);
    expect((await answer({ answer: '' })).statusCode).toBe(400);
  });
});
