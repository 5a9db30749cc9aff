import { build } from './build';
import { accessToken, borrower, createLoanTerms, createUser } from './loan-test-utils';

describe('a loan’s contract', () => {
  const ctx = build();

  it('names the terms version the application accepted, when, and the key terms offered then', async () => {
    const terms = await createLoanTerms(ctx().app);
    // The offer as the calculator showed it before applying.
    const offer = (await ctx().call({ url: '/api/loan/calculator?amount=1500.00&term=6' })).json();
    ctx().clock.set('2026-11-22T10:05:00+04:00');
    const { call, loan } = await borrower(ctx, '1500.00', 6, terms);

    // A newer version is published afterwards, and the product's figures would be the same.
    ctx().clock.set('2026-12-10T10:00:00+04:00');
    await ctx().app.db.query(
      `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
       VALUES (1, 'სესხის ხელშეკრულება', '<p>უახლესი</p>', '3.0', '2026-12-01T00:00:00Z')`,
    );

    const response = await call('GET', `loan/${loan.id}/contract/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      loan: loan.id,
      terms: {
        id: terms.current,
        title: 'სესხის ხელშეკრულება',
        version: '2.0',
        published_at: '2026-10-15T06:00:00.000Z',
        content: '<p>ახალი</p>',
      },
      accepted_at: '2026-11-22T06:05:00.000Z',
      key_terms: {
        amount: '1500.00',
        term: 6,
        monthly_payment: offer.monthly_payment,
        total_payment: offer.total_payment,
        total_interest: offer.total_interest,
        service_fee: offer.service_fee,
        interest_rate: '24.00',
        effective_interest_rate: offer.effective_interest_rate,
      },
    });
    expect(response.json().key_terms.monthly_payment).toBe(loan.monthly_payment);
  });

  it('keeps naming the accepted version after the lender publishes the next through the development call', async () => {
    const { call, loan } = await borrower(ctx, '1000.00', 3);
    const before = (await call('GET', `loan/${loan.id}/contract/`)).json().terms;
    ctx().clock.set('2027-01-05T12:00:00+04:00');
    const published = await ctx().call({
      method: 'POST',
      url: '/__sandbox/terms',
      payload: {
        contact_type: 1,
        title: 'სესხის ხელშეკრულება',
        content: '<p>ახალი რედაქცია</p>',
        version: '9.0',
      },
    });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({
      version: '9.0',
      published_at: '2027-01-05T08:00:00.000Z',
    });
    // The CMS offers the new version to whoever applies now…
    const current = await ctx().call({ url: '/api/cms/terms_of_contract/?contact_type=1' });
    expect(current.json()[0]).toMatchObject({ id: published.json().id, version: '9.0' });
    // …and the loan's contract is still the version its application accepted.
    expect((await call('GET', `loan/${loan.id}/contract/`)).json().terms).toEqual(before);
    const refused = await ctx().call({
      method: 'POST',
      url: '/__sandbox/terms',
      payload: { contact_type: 4, title: 'x', content: 'y', version: '1' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('keeps the key terms as stored with the application, not as the product says today', async () => {
    const { call, loan } = await borrower(ctx, '1000.00', 3);
    // As if the product had changed since: the contract still shows what was offered.
    await ctx().app.db.query(
      `UPDATE loan_applications SET interest_rate = 19.99, effective_interest_rate = 33.33 WHERE id = $1`,
      [loan.application],
    );
    const { key_terms } = (await call('GET', `loan/${loan.id}/contract/`)).json();
    expect(key_terms).toMatchObject({ interest_rate: '19.99', effective_interest_rate: '33.33' });
  });

  it('answers 404 for another customer’s loan, 401 without a login', async () => {
    const { loan } = await borrower(ctx);
    const stranger = await accessToken(ctx().app, await createUser(ctx().app));
    const response = await ctx().call({
      url: `/api/loan/loan/${loan.id}/contract/`,
      token: stranger,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'ვერ მოიძებნა.', code: 'not_found' });
    expect((await ctx().call({ url: `/api/loan/loan/${loan.id}/contract/` })).statusCode).toBe(401);
  });
});
