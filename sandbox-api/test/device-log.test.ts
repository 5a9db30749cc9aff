import { hashPassword } from '../src/lib/passwords';
import { build, TEST_START } from './build';

const URL = '/api/user/user_log/';

const device = {
  user_agent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  platform: 'Win32',
  language: 'ka-GE',
  screen: '1920x1080',
  timezone: 'Asia/Tbilisi',
};

describe('the device log', () => {
  const ctx = build();
  let passwordHash = '';

  beforeAll(async () => {
    passwordHash = await hashPassword('Secret123');
  });

  async function login(): Promise<{ userId: number; token: string }> {
    const [user] = await ctx().app.db.query<{ id: number }>(
      `INSERT INTO users (personal_number, first_name, last_name, birth_date, phone_number, email,
         password_hash, registration_terms_id)
       VALUES ('01001011234', 'გიორგი', 'კაპანაძე', '1988-03-02', '599112233', 'giorgi@example.com', $1, 1)
       RETURNING id`,
      [passwordHash],
    );
    if (!user) throw new Error('no user');
    return { userId: user.id, token: (await ctx().app.tokens.pair(user.id)).access };
  }

  it('records the caller’s device and answers 201 {}', async () => {
    const { userId, token } = await login();

    const response = await ctx().call({ method: 'POST', url: URL, token, payload: device });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({});
    const rows = await ctx().app.db.query(
      'SELECT user_id, user_agent, platform, language, screen, timezone, created_at FROM device_logs',
    );
    expect(rows).toEqual([{ user_id: userId, ...device, created_at: new Date(TEST_START) }]);
  });

  it('accepts every field at its column’s length, and empty values a browser may hide', async () => {
    const { token } = await login();
    const longest = {
      user_agent: 'a'.repeat(512),
      platform: 'p'.repeat(100),
      language: 'l'.repeat(35),
      screen: 's'.repeat(50),
      timezone: 't'.repeat(64),
    };

    for (const payload of [longest, { ...device, platform: '' }]) {
      const response = await ctx().call({ method: 'POST', url: URL, token, payload });
      expect(response.statusCode).toBe(201);
    }
  });

  it.each([
    ['user_agent', 513],
    ['platform', 101],
    ['language', 36],
    ['screen', 51],
    ['timezone', 65],
  ])('refuses a %s longer than its column', async (field, length) => {
    const { token } = await login();
    const response = await ctx().call({
      method: 'POST',
      url: URL,
      token,
      payload: { ...device, [field]: 'x'.repeat(length) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: ['მნიშვნელობა ძალიან გრძელია.'] });
  });

  it('refuses a missing field, a wrong type and an unknown field', async () => {
    const { token } = await login();
    const { timezone: _omitted, ...withoutTimezone } = device;

    const response = await ctx().call({
      method: 'POST',
      url: URL,
      token,
      payload: { ...withoutTimezone, screen: 1920, battery: '80%' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      timezone: ['ეს ველი სავალდებულოა.'],
      screen: ['მნიშვნელობის ტიპი არასწორია.'],
      battery: ['უცნობი ველი.'],
    });
    expect(await ctx().app.db.query('SELECT id FROM device_logs')).toEqual([]);
  });

  it('refuses a body that is not an object', async () => {
    const { token } = await login();
    const response = await ctx().call({
      method: 'POST',
      url: URL,
      token,
      headers: { 'content-type': 'application/json' },
      payload: '["Win32"]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ non_field_errors: ['მნიშვნელობის ტიპი არასწორია.'] });
  });

  it('answers 400 parse_error to a body that is not JSON', async () => {
    const { token } = await login();
    const response = await ctx().call({
      method: 'POST',
      url: URL,
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"user_agent": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'parse_error' });
  });

  it('requires a login', async () => {
    const response = await ctx().call({ method: 'POST', url: URL, payload: device });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'not_authenticated' });
  });
});
