import { build, type TestContext } from './build';
import { createUser, multipartForm, registrationBody } from './user-utils';

const PASSWORD_RULE = 'პაროლი უნდა იყოს 8–128 სიმბოლო, შეიცავდეს ასოს და ციფრს.';

async function addTerms(ctx: TestContext, contactType: 1 | 2 | 3, publishedAt: string) {
  const [row] = await ctx.app.db.query<{ id: number }>(
    `INSERT INTO terms_of_contract (contact_type, title, content, version, published_at)
     VALUES ($1, 'პირობები', '<p>ტექსტი</p>', '1', $2) RETURNING id`,
    [contactType, publishedAt],
  );
  if (!row) throw new Error('no terms');
  return row.id;
}

/** The current personal-data notice of the test running (each test starts on empty tables). */
let noticeId = 0;

function registration(termsId: number, overrides: Record<string, unknown> = {}) {
  return { ...registrationBody(termsId, noticeId), ...overrides };
}

/** POST /api/user/register/ with a JSON body. */
function register(ctx: TestContext, payload: Record<string, unknown>) {
  return ctx.call({ method: 'POST', url: '/api/user/register/', payload });
}

describe('registration', () => {
  const ctx = build();
  beforeEach(async () => {
    noticeId = await addTerms(ctx(), 3, '2026-11-01T00:00:00Z');
  });

  it('registers from a multipart form and leaves the user logged out', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const fields = Object.fromEntries(
      Object.entries(registration(termsId)).map(([key, value]) => [key, String(value)]),
    );
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      ...multipartForm(fields),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number) });
    expect(response.json()).not.toHaveProperty('access');

    const login = await ctx().call({
      method: 'POST',
      url: '/api/user/api/token/',
      payload: { username: '12345678901', password: 'Axali1234' },
    });
    expect(login.statusCode).toBe(200);
    const [user] = await ctx().app.db.query<{
      email_verified: boolean;
      registration_terms_id: number;
      personal_data_consent_id: number;
      consented_at: string;
    }>(
      `SELECT email_verified, registration_terms_id, personal_data_consent_id,
              to_char(personal_data_consented_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS consented_at
         FROM users`,
    );
    expect(user).toEqual({
      email_verified: false,
      registration_terms_id: termsId,
      personal_data_consent_id: noticeId,
      consented_at: '2026-11-22T06:00:00',
    });
  });

  it('registers from JSON too', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const response = await register(ctx(), registration(termsId));
    expect(response.statusCode).toBe(201);
  });

  it('answers every format rule in the DRF field shape, in Georgian', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      payload: {
        personal_number: '123',
        first_name: ' ',
        birth_date: '2000-02-30',
        phone_number: '499123456',
        email: 'not-an-email',
        password: 'onlyletters',
        password_confirm: 'x',
        terms_of_contract: 'abc',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      personal_number: ['პირადი ნომერი უნდა შედგებოდეს 11 ციფრისგან.'],
      first_name: ['ეს ველი სავალდებულოა.'],
      last_name: ['ეს ველი სავალდებულოა.'],
      birth_date: ['თარიღი უნდა იყოს ფორმატით YYYY-MM-DD.'],
      phone_number: ['ტელეფონის ნომერი უნდა შედგებოდეს 9 ციფრისგან და იწყებოდეს 5-ით.'],
      email: ['შეიყვანეთ სწორი ელ-ფოსტის მისამართი.'],
      password: [PASSWORD_RULE],
      terms_of_contract: ['მნიშვნელობის ტიპი არასწორია.'],
      personal_data_consent: ['ეს ველი სავალდებულოა.'],
    });
  });

  it('applies the password rule at its edges', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    for (const [password, ok] of [
      ['Abcdef1', false],
      ['Abcdef12', true],
      ['12345678', false],
      ['ანბანი12', true],
      [`a1${'x'.repeat(126)}`, true],
      [`a1${'x'.repeat(127)}`, false],
    ] as const) {
      await ctx().app.db.exec('DELETE FROM users');
      const response = await register(
        ctx(),
        registration(termsId, { password, password_confirm: password }),
      );
      expect({ password, status: response.statusCode }).toEqual({
        password,
        status: ok ? 201 : 400,
      });
      if (!ok) expect(response.json()).toEqual({ password: [PASSWORD_RULE] });
    }
  });

  it('refuses unknown fields, files and huge values', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const unknown = await register(ctx(), registration(termsId, { is_banned: false }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ is_banned: ['უცნობი ველი.'] });

    const huge = await register(
      ctx(),
      registration(termsId, {
        first_name: 'ა'.repeat(101),
        email: `${'a'.repeat(300)}@x.ge`,
      }),
    );
    expect(huge.json()).toEqual({
      first_name: ['მნიშვნელობა ძალიან გრძელია.'],
      email: ['მნიშვნელობა ძალიან გრძელია.'],
    });

    const boundary = 'b';
    const withFile = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--b\r\nContent-Disposition: form-data; name="selfie"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b--\r\n`,
    });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json()).toMatchObject({ selfie: ['უცნობი ველი.'] });
  });

  it('refuses a file unread: one over the upload limit is not read up to it first', async () => {
    const sixMiB = 'x'.repeat(6 * 1024 * 1024);
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: `--b\r\nContent-Disposition: form-data; name="selfie"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${sixMiB}\r\n--b--\r\n`,
    });
    // Read, it would have met the 5 MiB limit (413) after holding 5 MiB in memory.
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ selfie: ['უცნობი ველი.'] });
  });

  it('answers 400 parse_error to a broken form', async () => {
    const response = await ctx().call({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nhalf',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'მოთხოვნის ფორმა არასწორია.', code: 'parse_error' });
  });

  it('requires the person to be 18 on the clock’s date (Tbilisi time)', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    // The clock is 2026-11-22 10:00 in Tbilisi.
    const minor = await register(ctx(), registration(termsId, { birth_date: '2008-11-23' }));
    expect(minor.statusCode).toBe(400);
    expect(minor.json()).toEqual({
      birth_date: ['რეგისტრაცია შესაძლებელია მხოლოდ 18 წლის ასაკიდან.'],
    });

    const future = await register(ctx(), registration(termsId, { birth_date: '2030-01-01' }));
    expect(future.json()).toEqual({ birth_date: ['დაბადების თარიღი არასწორია.'] });

    // 21:00 UTC on the 21st is already the 22nd in Tbilisi: the 18th birthday has come.
    ctx().clock.set('2026-11-21T21:00:00Z');
    const adult = await register(ctx(), registration(termsId, { birth_date: '2008-11-22' }));
    expect(adult.statusCode).toBe(201);
  });

  it('requires the current registration terms and matching passwords', async () => {
    const old = await addTerms(ctx(), 2, '2025-01-01T00:00:00Z');
    const current = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const loanTerms = await addTerms(ctx(), 1, '2026-06-01T00:00:00Z');
    for (const termsId of [old, loanTerms, 999]) {
      const response = await register(ctx(), registration(termsId));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        terms_of_contract: ['დაეთანხმეთ რეგისტრაციის მოქმედ პირობებს.'],
      });
    }
    const mismatch = await register(
      ctx(),
      registration(current, { password_confirm: 'Sxva12345' }),
    );
    expect(mismatch.json()).toEqual({ password_confirm: ['პაროლები არ ემთხვევა.'] });
  });

  it('requires consent to the current personal-data notice, apart from the terms', async () => {
    const terms = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const older = noticeId;
    const current = await addTerms(ctx(), 3, '2026-11-10T00:00:00Z');
    const refused = {
      personal_data_consent: ['დაეთანხმეთ პერსონალურ მონაცემთა დამუშავების მოქმედ პირობებს.'],
    };
    // An older notice, the registration terms' id, an unknown id.
    for (const id of [older, terms, 999]) {
      const response = await register(ctx(), registration(terms, { personal_data_consent: id }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused);
    }
    const { personal_data_consent: _, ...without } = registration(terms);
    const missing = await register(ctx(), without);
    expect(missing.json()).toEqual({ personal_data_consent: ['ეს ველი სავალდებულოა.'] });
    expect(await ctx().app.db.query('SELECT id FROM users')).toEqual([]);

    const accepted = await register(
      ctx(),
      registration(terms, { personal_data_consent: String(current) }),
    );
    expect(accepted.statusCode).toBe(201);
    const [user] = await ctx().app.db.query<{ personal_data_consent_id: number }>(
      'SELECT personal_data_consent_id FROM users',
    );
    expect(user?.personal_data_consent_id).toBe(current);
  });

  it('says a personal number is taken only to an otherwise valid registration, and tells the owner by SMS', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const owner = await createUser(ctx, { personal_number: '12345678901' });
    const outbox = () =>
      ctx().app.db.query<{ recipient: string; body: string }>(
        "SELECT recipient, body FROM outbox WHERE channel = 'sms'",
      );

    // A probe with a deliberate mistake learns only of the mistake, and alerts no one.
    const probe = await register(ctx(), registration(termsId, { password_confirm: 'Sxva12345' }));
    expect(probe.json()).toEqual({ password_confirm: ['პაროლები არ ემთხვევა.'] });
    const unknown = await register(
      ctx(),
      registration(termsId, { personal_number: '12345678902', password_confirm: 'Sxva12345' }),
    );
    expect(unknown.json()).toEqual(probe.json());
    expect(await outbox()).toEqual([]);

    // An otherwise valid one is told, so a person who forgot they have an account can log in.
    const response = await register(ctx(), registration(termsId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      personal_number: ['ამ პირადი ნომრით მომხმარებელი უკვე არსებობს.'],
    });
    const [sms] = await outbox();
    expect(sms?.recipient).toBe(owner.phone_number);
    expect(sms?.body).toMatch(/სცადეს ახალი ანგარიშის გახსნა თქვენი პირადი ნომრით/);
  });

  it('throttles registration attempts per address, valid or not, with Retry-After', async () => {
    const termsId = await addTerms(ctx(), 2, '2026-01-01T00:00:00Z');
    const from = (address: string, personalNumber: string) =>
      ctx().call({
        method: 'POST',
        url: '/api/user/register/',
        remoteAddress: address,
        payload: registration(termsId, {
          personal_number: personalNumber,
          password_confirm: 'Sxva12345',
        }),
      });
    for (let i = 0; i < 10; i += 1) {
      expect((await from('203.0.113.7', `1234567890${i}`)).statusCode).toBe(400);
      ctx().clock.advance(1);
    }
    const throttled = await from('203.0.113.7', '12345678911');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'throttled' });
    expect(throttled.headers['retry-after']).toBe('3590');
    // Another address is not affected; the window reopens in time.
    expect((await from('198.51.100.2', '12345678911')).statusCode).toBe(400);
    ctx().clock.advance(3590);
    expect((await from('203.0.113.7', '12345678911')).statusCode).toBe(400);
  });
});
