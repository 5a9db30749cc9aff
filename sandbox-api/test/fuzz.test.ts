import fc from 'fast-check';
import { build } from './build';
import { registrationBody } from './user-utils';

/** Every call of the contract, with the path parameters filled by small numbers. */
const ENDPOINTS: readonly { method: 'GET' | 'POST' | 'PATCH'; path: string }[] = [
  { method: 'POST', path: '/api/user/register/' },
  { method: 'POST', path: '/api/user/api/token/' },
  { method: 'POST', path: '/api/user/token/refresh/' },
  { method: 'POST', path: '/api/user/logout/' },
  { method: 'GET', path: '/api/user/details/' },
  { method: 'PATCH', path: '/api/user/user/1/' },
  { method: 'POST', path: '/api/user/user/change_password/' },
  { method: 'POST', path: '/api/user/user/send_email_verification/' },
  { method: 'POST', path: '/api/user/user/send_sms/' },
  { method: 'POST', path: '/api/user/user/verify_email/' },
  { method: 'POST', path: '/api/user/user/activate_phone_number/' },
  { method: 'POST', path: '/api/user/user_log/' },
  { method: 'GET', path: '/api/user/user/personal_verification_photos/' },
  { method: 'POST', path: '/api/user/user/personal_verification_photos/' },
  { method: 'POST', path: '/api/user/user/reset_password/' },
  { method: 'POST', path: '/api/user/user/recovery/' },
  { method: 'GET', path: '/api/user/user/loan_limit/' },
  { method: 'GET', path: '/api/loan/calculator' },
  { method: 'GET', path: '/api/loan/loan_application/' },
  { method: 'POST', path: '/api/loan/loan_application/' },
  { method: 'POST', path: '/api/loan/loan_application/1/cancel/' },
  { method: 'POST', path: '/api/loan/loan_application/create_loan_validation/' },
  { method: 'GET', path: '/api/loan/loan/' },
  { method: 'POST', path: '/api/loan/loan/1/repay/' },
  { method: 'GET', path: '/api/loan/loan/1/payoff/' },
  { method: 'POST', path: '/api/loan/loan/1/payoff/' },
  { method: 'GET', path: '/api/loan/loan/1/withdrawal/' },
  { method: 'POST', path: '/api/loan/loan/1/withdraw/' },
  { method: 'GET', path: '/api/loan/overdue_loan_application/' },
  { method: 'GET', path: '/api/loan/loan/1/payments/' },
  { method: 'GET', path: '/api/loan/loan/1/contract/' },
  { method: 'GET', path: '/api/loan/loan/2/hardship/' },
  { method: 'POST', path: '/api/loan/loan/2/hardship/' },
  { method: 'GET', path: '/api/user/consents/' },
  { method: 'POST', path: '/api/user/consents/marketing/' },
  { method: 'GET', path: '/api/support/complaints/' },
  { method: 'POST', path: '/api/support/complaints/' },
  { method: 'POST', path: '/__sandbox/complaints/1/answer' },
  { method: 'POST', path: '/__sandbox/hardship/1/decision' },
  { method: 'GET', path: '/api/cms/terms_of_contract/' },
  { method: 'GET', path: '/api/cms/question_answer/' },
  { method: 'GET', path: '/api/cms/slider/' },
  { method: 'GET', path: '/__sandbox/outbox' },
];

/** Every control character (C0 and DEL), inside otherwise ordinary text. */
const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f))
  .map((code) => String.fromCharCode(code));
const textWithControl = fc
  .tuple(fc.string({ maxLength: 12 }), controlCharacter, fc.string({ maxLength: 12 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

/**
 * Calls in the shape the routes accept, so a value reaches past the schema to the database:
 * the arbitrary bodies above mostly fail validation first (and missed NUL bytes for that).
 */
interface ShapedCall {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  token?: string;
}

function shapedCalls(
  user: { id: number; access: string },
  termsId: number,
  noticeId: number,
): ShapedCall[] {
  return [
    {
      method: 'POST',
      url: '/api/user/register/',
      body: { ...registrationBody(termsId, noticeId), marketing_consent: 'false' },
    },
    {
      method: 'POST',
      url: '/api/user/api/token/',
      body: { username: '01001000001', password: 'Sandbox123' },
    },
    {
      method: 'PATCH',
      url: `/api/user/user/${user.id}/`,
      body: { first_name: 'ნინო', last_name: 'ბერიძე', email: 'nino@example.ge' },
      token: user.access,
    },
    {
      method: 'POST',
      url: '/api/user/user_log/',
      body: {
        user_agent: 'UA',
        platform: 'Linux',
        language: 'ka',
        screen: '1x1',
        timezone: 'Asia/Tbilisi',
      },
      token: user.access,
    },
    {
      method: 'POST',
      url: '/api/user/user/change_password/',
      body: { old_password: 'Sandbox123', new_password: 'Axali1234' },
      token: user.access,
    },
    {
      method: 'POST',
      url: '/api/user/user/reset_password/',
      body: { username: '01001000002' },
    },
    {
      method: 'GET',
      url: '/api/loan/calculator',
      query: { amount: '1500.00', term: '12' },
    },
    { method: 'GET', url: '/__sandbox/outbox', query: { to: '555000001' } },
    { method: 'GET', url: '/api/cms/terms_of_contract/', query: { contact_type: '1' } },
    {
      method: 'GET',
      url: '/api/loan/loan/1/payoff/',
      query: { date: '2026-11-30' },
      token: user.access,
    },
    {
      method: 'POST',
      url: '/api/loan/loan/1/payoff/',
      body: { date: '2026-11-22' },
      token: user.access,
    },
    {
      method: 'POST',
      url: '/api/support/complaints/',
      body: { topic: 'loan', loan: 2, text: 'საჩივრის ტექსტი, ოცზე მეტი სიმბოლო.' },
      token: user.access,
    },
    {
      method: 'POST',
      url: '/api/loan/loan/2/hardship/',
      body: { kind: 'date_change', reason: 'other', text: 'ტექსტი' },
      token: user.access,
    },
    {
      method: 'POST',
      url: '/__sandbox/complaints/1/answer',
      body: { answer: 'პასუხი' },
    },
    {
      method: 'POST',
      url: '/__sandbox/hardship/1/decision',
      body: { status: 'accepted', answer: 'პასუხი' },
    },
  ];
}

/** Values of every JSON type, including the awkward ones: huge strings, deep nesting, NUL. */
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ minLength: 2000, maxLength: 20_000 }),
  fc.constantFrom(
    '',
    '\u0000',
    'ა\u0000ბ',
    '\u001b[2J',
    '\u007f',
    '01001000001',
    '599123456',
    '1500.00',
    '-1',
    '1e309',
    'NaN',
    '2026-02-30',
  ),
  fc.integer(),
  fc.double(),
);
const body = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 20 }), jsonValue, { maxKeys: 8 }),
  jsonValue,
);
const query = fc.dictionary(
  fc.constantFrom('amount', 'term', 'contact_type', 'to', 'x'),
  fc.oneof(fc.string({ maxLength: 50 }), fc.integer().map(String), fc.constant('1500.00')),
  { maxKeys: 4 },
);

describe('fuzzing every endpoint', () => {
  const ctx = build({}, { seed: true });

  it('never answers 5xx, logged in or not, to arbitrary bodies and queries', async () => {
    const [{ id }] = (await ctx().app.db.query<{ id: number }>(
      "SELECT id FROM users WHERE personal_number = '01001000001'",
    )) as [{ id: number }];
    const { access } = await ctx().app.tokens.pair(id);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        body,
        query,
        fc.boolean(),
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x'),
        async (endpoint, payload, params, loggedIn, contentType) => {
          const response = await ctx().call({
            method: endpoint.method,
            url: endpoint.path,
            query: params,
            ...(endpoint.method === 'GET'
              ? {}
              : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
            headers: endpoint.method === 'GET' ? {} : { 'content-type': contentType },
            ...(loggedIn ? { token: access } : {}),
          });
          if (response.statusCode >= 500) {
            throw new Error(
              `${endpoint.method} ${endpoint.path} → ${response.statusCode}: ${response.body.slice(0, 300)}`,
            );
          }
        },
      ),
      { numRuns: 600 },
    );
  }, 180_000);

  it('refuses a control character in any field of a well-formed call with a 400, never a 5xx', async () => {
    const [{ id }] = (await ctx().app.db.query<{ id: number }>(
      "SELECT id FROM users WHERE personal_number = '01001000001'",
    )) as [{ id: number }];
    const { access } = await ctx().app.tokens.pair(id);
    const [terms] = await ctx().app.db.query<{ id: number }>(
      'SELECT id FROM terms_of_contract WHERE contact_type = 2 ORDER BY published_at DESC LIMIT 1',
    );
    const [notice] = await ctx().app.db.query<{ id: number }>(
      'SELECT id FROM terms_of_contract WHERE contact_type = 3 ORDER BY published_at DESC LIMIT 1',
    );
    const calls = shapedCalls({ id, access }, terms?.id ?? 0, notice?.id ?? 0);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls),
        fc.nat(),
        textWithControl,
        async (call, which, text) => {
          const fields = Object.keys(call.body ?? call.query ?? {});
          const field = fields[which % fields.length] ?? '';
          const response = await ctx().call({
            method: call.method,
            url: call.url,
            ...(call.body ? { payload: { ...call.body, [field]: text } } : {}),
            ...(call.query ? { query: { ...call.query, [field]: text } } : {}),
            ...(call.token ? { token: call.token } : {}),
          });
          expect(response.statusCode, `${call.url} ${field}=${JSON.stringify(text)}`).toBe(400);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);
});
