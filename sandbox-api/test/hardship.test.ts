import { build } from './build';
import { accessToken, borrower, createUser } from './loan-test-utils';

const ASK = { kind: 'date_change', reason: 'income_loss', text: 'ხელფასს თვის ბოლოს ვიღებ.' };

interface HardshipBody {
  id: number;
  status: string;
}

describe('hardship requests', () => {
  const ctx = build();

  const decide = (id: number, payload: Record<string, unknown>) =>
    ctx().call({ method: 'POST', url: `/__sandbox/hardship/${id}/decision`, payload });

  it('takes a request on an open loan and answers it in full; changes nothing by itself', async () => {
    const { call, loan } = await borrower(ctx);
    ctx().clock.set('2026-12-25T22:30:00+04:00');
    const response = await call('POST', `loan/${loan.id}/hardship/`, {
      ...ASK,
      text: `  ${ASK.text} `,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      loan: loan.id,
      kind: 'date_change',
      reason: 'income_loss',
      text: ASK.text,
      status: 'received',
      created_at: '2026-12-25T18:30:00.000Z',
      answer_due: '2027-01-04',
      answer: null,
    });
    const [after] = (await call('GET', 'loan/')).json();
    expect(after).toMatchObject({ status: 'overdue', outstanding: loan.outstanding });
    expect((await call('GET', 'overdue_loan_application/')).json()).toMatchObject({
      loan: loan.id,
      penalty: '1.04',
    });
  });

  it('takes no text at all, and refuses more than 1000 characters or an unknown kind', async () => {
    const { call, loan } = await borrower(ctx);
    const bare = await call('POST', `loan/${loan.id}/hardship/`, {
      kind: 'payment_holiday',
      reason: 'illness',
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ text: '' });
    const long = await call('POST', `loan/${loan.id}/hardship/`, {
      ...ASK,
      text: 'ა'.repeat(1001),
    });
    expect(long.json()).toEqual({ text: ['ტექსტი არ უნდა აღემატებოდეს 1000 სიმბოლოს.'] });
    const wrong = await call('POST', `loan/${loan.id}/hardship/`, {
      kind: 'forgiveness',
      reason: 'boredom',
    });
    expect(wrong.json()).toEqual({
      kind: ['აირჩიეთ ერთ-ერთი: payment_holiday, date_change, restructuring.'],
      reason: ['აირჩიეთ ერთ-ერთი: income_loss, illness, other.'],
    });
  });

  it('refuses a second request while one is received, and takes one again once it is answered', async () => {
    const { call, loan } = await borrower(ctx);
    const first = (await call('POST', `loan/${loan.id}/hardship/`, ASK)).json<HardshipBody>();
    const second = await call('POST', `loan/${loan.id}/hardship/`, ASK);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      detail:
        'ამ სესხზე თქვენი მოთხოვნა უკვე განხილვის პროცესშია. პასუხს მიიღებთ მისი ვადის ამოწურვამდე.',
      code: 'hardship_request_open',
    });
    ctx().clock.advance(3600);
    const declined = await decide(first.id, { status: 'declined', answer: 'ვერ დაგეხმარებით.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', answer: 'ვერ დაგეხმარებით.' });
    ctx().clock.advance(3600);
    const third = await call('POST', `loan/${loan.id}/hardship/`, {
      ...ASK,
      kind: 'restructuring',
    });
    expect(third.statusCode).toBe(201);
    const listed = await call('GET', `loan/${loan.id}/hardship/`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((r: { kind: string; status: string }) => [r.kind, r.status])).toEqual([
      ['restructuring', 'received'],
      ['date_change', 'declined'],
    ]);
    expect(listed.json()[1]).toEqual(declined.json());
  });

  it('refuses a request for a closed loan: loan_closed', async () => {
    const { call, loan } = await borrower(ctx);
    await call('POST', `loan/${loan.id}/payoff/`, {});
    const response = await call('POST', `loan/${loan.id}/hardship/`, ASK);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'სესხი დახურულია.', code: 'loan_closed' });
    expect((await call('GET', `loan/${loan.id}/hardship/`)).json()).toEqual([]);
  });

  it('answers 404 for another customer’s loan, 401 without a login', async () => {
    const { call, loan } = await borrower(ctx);
    await call('POST', `loan/${loan.id}/hardship/`, ASK);
    const stranger = await accessToken(ctx().app, await createUser(ctx().app));
    const url = `/api/loan/loan/${loan.id}/hardship/`;
    expect((await ctx().call({ url, token: stranger })).statusCode).toBe(404);
    const post = await ctx().call({ method: 'POST', url, token: stranger, payload: ASK });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
    expect((await ctx().call({ url })).statusCode).toBe(401);
  });

  it('takes one of two requests sent at once; the other is hardship_request_open', async () => {
    for (let round = 0; round < 3; round++) {
      const { call, loan } = await borrower(ctx);
      const answers = await Promise.all([
        call('POST', `loan/${loan.id}/hardship/`, ASK),
        call('POST', `loan/${loan.id}/hardship/`, { ...ASK, kind: 'payment_holiday' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      expect(answers.find((a) => a.statusCode === 400)?.json()).toMatchObject({
        code: 'hardship_request_open',
      });
      expect((await call('GET', `loan/${loan.id}/hardship/`)).json()).toHaveLength(1);
    }
  });

  it('is decided by the lender through the development call, once', async () => {
    const { call, loan } = await borrower(ctx);
    const { id } = (await call('POST', `loan/${loan.id}/hardship/`, ASK)).json<HardshipBody>();
    const accepted = await decide(id, { status: 'accepted', answer: 'თარიღი გადავიტანეთ.' });
    expect(accepted.json()).toMatchObject({
      id,
      status: 'accepted',
      answer: 'თარიღი გადავიტანეთ.',
    });
    const again = await decide(id, { status: 'declined', answer: 'არა.' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'hardship_request_decided' });
    expect((await decide(9999, { status: 'accepted', answer: 'კი.' })).statusCode).toBe(404);
    expect((await decide(id, { status: 'received', answer: 'კი.' })).statusCode).toBe(400);
  });
});
