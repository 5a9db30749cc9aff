import { build, type TestContext } from './build';
import { createUser, multipartForm, registrationBody } from './user-utils';

async function addTerms(ctx: TestContext, contactType: 2 | 3, title: string, version: string) {
  const [row] = await ctx.app.db.query<{ id: number }>(
    `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
     VALUES ($1, $2, '<p>ტექსტი</p>', $3, '2026-11-01T00:00:00Z') RETURNING id`,
    [contactType, title, version],
  );
  if (!row) throw new Error('no terms');
  return row.id;
}

describe('consents', () => {
  const ctx = build();

  /** Registers through the API as a form (every value text) and logs in. */
  async function registered(marketing?: string) {
    const terms = await addTerms(ctx(), 2, 'რეგისტრაციის წესები', '2.0');
    const notice = await addTerms(ctx(), 3, 'პერსონალურ მონაცემთა დამუშავება', '1.1');
    const fields: Record<string, string> = {
      ...registrationBody(String(terms), String(notice)),
      ...(marketing === undefined ? {} : { marketing_consent: marketing }),
    };
    const created = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      ...multipartForm(fields),
    });
    expect(created.statusCode, created.body).toBe(201);
    const login = await ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      payload: { username: '12345678901', password: 'Axali1234' },
    });
    return { terms, notice, access: login.json<{ access: string }>().access };
  }

  const consents = (token: string) => ctx().call({ url: '/api/user/consents/', token });
  const setMarketing = (token: string, payload: Record<string, unknown>) =>
    ctx().call({ method: 'POST', url: '/api/user/consents/marketing/', token, payload });
  // A fresh token: the clock moves past an access token's lifetime.
  const tokenOf = async (user: { id: number }) => (await ctx().app.tokens.pair(user.id)).access;

  it('names the documents accepted at registration, and marketing not given by default', async () => {
    const { terms, notice, access } = await registered();
    const response = await consents(access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        kind: 'terms',
        document: { id: terms, title: 'რეგისტრაციის წესები', version: '2.0' },
        given: true,
        given_at: '2026-11-22T06:00:00.000Z',
        withdrawn_at: null,
      },
      {
        kind: 'personal_data',
        document: { id: notice, title: 'პერსონალურ მონაცემთა დამუშავება', version: '1.1' },
        given: true,
        given_at: '2026-11-22T06:00:00.000Z',
        withdrawn_at: null,
      },
      { kind: 'marketing', document: null, given: false, given_at: null, withdrawn_at: null },
    ]);
  });

  it('records marketing given at registration ("true"), and refuses anything but true or false', async () => {
    const { access } = await registered('true');
    expect((await consents(access)).json()[2]).toEqual({
      kind: 'marketing',
      document: null,
      given: true,
      given_at: '2026-11-22T06:00:00.000Z',
      withdrawn_at: null,
    });
    const wrong = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      ...multipartForm({ marketing_consent: 'yes' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().marketing_consent).toEqual(['მნიშვნელობა არასწორია.']);
  });

  it('gives a customer registered before v1.1 both consents with no document named', async () => {
    const user = await createUser(ctx);
    expect((await consents(user.access)).json()).toEqual([
      {
        kind: 'terms',
        document: null,
        given: true,
        given_at: '2026-11-22T06:00:00.000Z',
        withdrawn_at: null,
      },
      { kind: 'personal_data', document: null, given: true, given_at: null, withdrawn_at: null },
      { kind: 'marketing', document: null, given: false, given_at: null, withdrawn_at: null },
    ]);
  });

  it('gives and withdraws marketing at once; saying it again changes nothing', async () => {
    const user = await createUser(ctx);
    ctx().clock.set('2026-11-23T12:00:00+04:00');
    const given = await setMarketing(await tokenOf(user), { given: true });
    expect(given.statusCode).toBe(200);
    const givenAt = '2026-11-23T08:00:00.000Z';
    expect(given.json()).toEqual({
      kind: 'marketing',
      document: null,
      given: true,
      given_at: givenAt,
      withdrawn_at: null,
    });
    ctx().clock.advance(60);
    expect((await setMarketing(await tokenOf(user), { given: true })).json()).toMatchObject({
      given_at: givenAt,
    });

    ctx().clock.set('2026-12-01T09:30:00+04:00');
    const withdrawn = await setMarketing(await tokenOf(user), { given: false });
    expect(withdrawn.json()).toEqual({
      kind: 'marketing',
      document: null,
      given: false,
      given_at: givenAt,
      withdrawn_at: '2026-12-01T05:30:00.000Z',
    });
    ctx().clock.advance(60);
    expect((await setMarketing(await tokenOf(user), { given: false })).json()).toEqual(
      withdrawn.json(),
    );
    expect((await consents(await tokenOf(user))).json()[2]).toEqual(withdrawn.json());

    // Given again: a fresh consent.
    ctx().clock.set('2026-12-05T10:00:00+04:00');
    expect((await setMarketing(await tokenOf(user), { given: true })).json()).toEqual({
      kind: 'marketing',
      document: null,
      given: true,
      given_at: '2026-12-05T06:00:00.000Z',
      withdrawn_at: null,
    });
  });

  it('refuses a body that is not {"given": bool}, and answers only a logged-in customer', async () => {
    const user = await createUser(ctx);
    expect((await setMarketing(user.access, {})).json()).toEqual({
      given: ['ეს ველი სავალდებულოა.'],
    });
    expect((await setMarketing(user.access, { given: 'true' })).json()).toEqual({
      given: ['მნიშვნელობის ტიპი არასწორია.'],
    });
    expect((await setMarketing(user.access, { given: true, kind: 'x' })).json()).toEqual({
      kind: ['უცნობი ველი.'],
    });
    expect((await ctx().call({ url: '/api/user/consents/' })).statusCode).toBe(401);
    const anonymous = await ctx().call({
      method: 'POST',
      url: '/api/user/consents/marketing/',
      payload: { given: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
