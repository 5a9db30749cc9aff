import fc from 'fast-check';
import { build } from './build';

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
  { method: 'GET', path: '/api/loan/overdue_loan_application/' },
  { method: 'GET', path: '/api/cms/terms_of_contract/' },
  { method: 'GET', path: '/api/cms/question_answer/' },
  { method: 'GET', path: '/api/cms/slider/' },
];

/** Values of every JSON type, including the awkward ones: huge strings, deep nesting, NUL. */
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ minLength: 2000, maxLength: 20_000 }),
  fc.constantFrom(
    '',
    '\u0000',
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
});
