import { build } from './build';
import { accessToken, createLoanTerms, createUser } from './loan-test-utils';

const DELAY = 60;

describe('loan applications', () => {
  // A decision delay keeps new applications pending until a test moves the clock.
  const ctx = build({ decisionDelaySeconds: DELAY });

  async function setup(options: Parameters<typeof createUser>[1] = {}) {
    const terms = await createLoanTerms(ctx().app);
    const userId = await createUser(ctx().app, options);
    return { terms, userId, token: await accessToken(ctx().app, userId) };
  }

  const validate = (token: string, payload: Record<string, unknown>) =>
    ctx().call({
      method: 'POST',
      url: '/api/loan/loan_application/create_loan_validation/',
      token,
      payload,
    });
  const apply = (token: string, payload: Record<string, unknown>) =>
    ctx().call({ method: 'POST', url: '/api/loan/loan_application/', token, payload });
  const cancel = (token: string, id: number | string) =>
    ctx().call({ method: 'POST', url: `/api/loan/loan_application/${id}/cancel/`, token });

  describe('create_loan_validation', () => {
    it('says valid for a verified user within the limit', async () => {
      const { token } = await setup();
      const response = await validate(token, { amount: '5000.00', term: 24 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ valid: true });
    });

    it('takes the amount only as a decimal string, never as a JSON number', async () => {
      const { token } = await setup();
      expect((await validate(token, { amount: '1500.5', term: 12 })).json()).toEqual({
        valid: true,
      });
      // money-input.test.ts has the probe's cases.
      expect((await validate(token, { amount: 1500.5, term: 12 })).json()).toEqual({
        amount: ['თანხა გადმოეცით ტექსტად (მაგ. "1500.00"), არა რიცხვად.'],
      });
    });

    it('refuses a user who is not fully verified: not_verified', async () => {
      const { token } = await setup({ verified: false });
      const response = await validate(token, { amount: '300.00', term: 3 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'not_verified',
        detail: expect.stringMatching(/ვერიფიკაცია/),
      });
    });

    it('refuses an amount over the limit: limit_exceeded', async () => {
      const { token } = await setup();
      const response = await validate(token, { amount: '5000.01', term: 12 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'limit_exceeded' });
    });

    it('refuses a term outside the limit or the product: term_not_allowed', async () => {
      const { token } = await setup();
      for (const term of [9, 4, 36]) {
        const response = await validate(token, { amount: '1000.00', term });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'term_not_allowed' });
      }
    });

    it('refuses a second application while one is open: has_pending_application', async () => {
      const { token, terms } = await setup();
      expect(
        (await apply(token, { amount: '1000.00', term: 6, terms_of_contract: terms.current }))
          .statusCode,
      ).toBe(201);
      expect((await validate(token, { amount: '500.00', term: 3 })).json()).toMatchObject({
        code: 'has_pending_application',
      });
      // Approved but not yet issued still counts as open.
      ctx().clock.advance(DELAY);
      expect((await validate(token, { amount: '500.00', term: 3 })).json()).toMatchObject({
        code: 'has_pending_application',
      });
      ctx().clock.advance(DELAY);
      expect((await validate(token, { amount: '500.00', term: 3 })).json()).toEqual({
        valid: true,
      });
    });

    it('refuses a user with an overdue loan: has_overdue_loan', async () => {
      const { token, terms, userId } = await setup();
      await apply(token, { amount: '1000.00', term: 6, terms_of_contract: terms.current });
      // Decided and issued minutes after 10:00 on 2026-11-22, first due 2026-12-22: overdue from the 23rd.
      ctx().clock.set('2026-12-22T23:59:00+04:00');
      const fresh = await accessToken(ctx().app, userId);
      expect((await validate(fresh, { amount: '500.00', term: 3 })).json()).toEqual({
        valid: true,
      });
      ctx().clock.set('2026-12-23T00:00:00+04:00');
      const response = await validate(await accessToken(ctx().app, userId), {
        amount: '500.00',
        term: 3,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'has_overdue_loan' });
    });

    it('answers an amount under the product minimum with a field error', async () => {
      const { token } = await setup();
      const response = await validate(token, { amount: '99.99', term: 3 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ amount: ['თანხა უნდა იყოს არანაკლებ 100.00 ლარისა.'] });
    });

    it('answers unknown fields, bad types and missing fields with field errors', async () => {
      const { token } = await setup();
      expect((await validate(token, { amount: '100.00', term: 3, extra: 1 })).json()).toEqual({
        extra: ['უცნობი ველი.'],
      });
      const types = await validate(token, { amount: true, term: '3' });
      expect(types.statusCode).toBe(400);
      expect(types.json()).toEqual({
        amount: ['მნიშვნელობის ტიპი არასწორია.'],
        term: ['მნიშვნელობის ტიპი არასწორია.'],
      });
      expect((await validate(token, {})).json()).toEqual({
        amount: ['ეს ველი სავალდებულოა.'],
        term: ['ეს ველი სავალდებულოა.'],
      });
      expect((await validate(token, { amount: '12.345', term: 3 })).json()).toEqual({
        amount: ['შეიყვანეთ თანხა ლარებში, მაქსიმუმ ორი ათწილადი ნიშნით (მაგ. 1500.00).'],
      });
    });

    it('needs a logged-in user', async () => {
      const response = await ctx().call({
        method: 'POST',
        url: '/api/loan/loan_application/create_loan_validation/',
        payload: { amount: '100.00', term: 3 },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'not_authenticated' });
    });
  });

  describe('POST /api/loan/loan_application/', () => {
    it('creates a pending application with its monthly payment', async () => {
      const { token, terms } = await setup();
      const response = await apply(token, {
        amount: '1000',
        term: 3,
        terms_of_contract: terms.current,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        amount: '1000.00',
        term: 3,
        status: 'pending',
        monthly_payment: '346.75',
        created_at: '2026-11-22T06:00:00.000Z',
        decided_at: null,
        rejection_reason: null,
      });
    });

    it('needs the current loan terms of contract', async () => {
      const { token, terms } = await setup();
      for (const id of [terms.old, 999]) {
        const response = await apply(token, { amount: '1000.00', term: 3, terms_of_contract: id });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          terms_of_contract: ['გთხოვთ, დაეთანხმოთ სესხის ხელშეკრულების მიმდინარე პირობებს.'],
        });
      }
      const missing = await apply(token, { amount: '1000.00', term: 3 });
      expect(missing.json()).toEqual({ terms_of_contract: ['ეს ველი სავალდებულოა.'] });
    });

    it('runs the same business rules as the validation call', async () => {
      const { token, terms } = await setup({ verified: false });
      const response = await apply(token, {
        amount: '300.00',
        term: 3,
        terms_of_contract: terms.current,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'not_verified' });
      expect(await ctx().app.db.query('SELECT id FROM loan_applications')).toHaveLength(0);
    });

    it('refuses unknown fields', async () => {
      const { token, terms } = await setup();
      const response = await apply(token, {
        amount: '300.00',
        term: 3,
        terms_of_contract: terms.current,
        status: 'x',
      });
      expect(response.json()).toEqual({ status: ['უცნობი ველი.'] });
    });
  });

  describe('GET /api/loan/loan_application/', () => {
    it("lists only the caller's applications, newest first", async () => {
      const { token, terms } = await setup();
      const other = await accessToken(ctx().app, await createUser(ctx().app));
      const first = (
        await apply(token, { amount: '1000.00', term: 3, terms_of_contract: terms.current })
      ).json();
      ctx().clock.advance(10);
      await cancel(token, first.id);
      ctx().clock.advance(10);
      const second = (
        await apply(token, { amount: '2000.00', term: 6, terms_of_contract: terms.current })
      ).json();
      await apply(other, { amount: '3000.00', term: 6, terms_of_contract: terms.current });

      const response = await ctx().call({ url: '/api/loan/loan_application/', token });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
        [second.id, 'pending'],
        [first.id, 'canceled'],
      ]);
    });
  });

  describe('cancel', () => {
    it('cancels an own pending application', async () => {
      const { token, terms } = await setup();
      const created = (
        await apply(token, { amount: '1000.00', term: 3, terms_of_contract: terms.current })
      ).json();
      ctx().clock.advance(5);
      const response = await cancel(token, created.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: created.id,
        status: 'canceled',
        decided_at: '2026-11-22T06:00:05.000Z',
      });
      // Nothing is open any more.
      expect((await validate(token, { amount: '500.00', term: 3 })).json()).toEqual({
        valid: true,
      });
    });

    it("answers another user's application with 404", async () => {
      const { token, terms } = await setup();
      const created = (
        await apply(token, { amount: '1000.00', term: 3, terms_of_contract: terms.current })
      ).json();
      const other = await accessToken(ctx().app, await createUser(ctx().app));
      const response = await cancel(other, created.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
    });

    it('answers unknown and malformed ids with 404', async () => {
      const { token } = await setup();
      expect((await cancel(token, 12345)).statusCode).toBe(404);
      expect((await cancel(token, 'abc')).statusCode).toBe(404);
      expect((await cancel(token, '99999999999999')).statusCode).toBe(404);
    });

    it('refuses to cancel an application that is no longer pending: application_not_pending', async () => {
      const { token, terms } = await setup();
      const created = (
        await apply(token, { amount: '1000.00', term: 3, terms_of_contract: terms.current })
      ).json();
      await cancel(token, created.id);
      const again = await cancel(token, created.id);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ code: 'application_not_pending' });

      const approved = (
        await apply(token, { amount: '1000.00', term: 3, terms_of_contract: terms.current })
      ).json();
      ctx().clock.advance(DELAY);
      const late = await cancel(token, approved.id);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 'application_not_pending' });
    });

    it('refuses a body with unknown fields', async () => {
      const { token, terms } = await setup();
      const created = (
        await apply(token, { amount: '1000.00', term: 3, terms_of_contract: terms.current })
      ).json();
      const response = await ctx().call({
        method: 'POST',
        url: `/api/loan/loan_application/${created.id}/cancel/`,
        token,
        payload: { reason: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ reason: ['უცნობი ველი.'] });
    });
  });
});
