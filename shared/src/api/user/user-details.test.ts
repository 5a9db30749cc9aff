import { HttpResponse, http } from 'msw';
import { customer } from '../../testing/fixtures';
import { mswServer } from '../../testing/msw-server';
import { holdSession } from '../../testing/session';
import { ApiError } from '../api-error';
import { fetchUserDetails, updateUser } from './user-details';

interface Seen {
  method: string;
  path: string;
  acceptLanguage: string | null;
  body?: unknown;
}

function describeRequest(request: Request): Seen {
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    acceptLanguage: request.headers.get('Accept-Language'),
  };
}

describe('fetchUserDetails', () => {
  it('asks in Georgian and returns the signed-in customer', async () => {
    holdSession();
    const seen: Seen[] = [];
    // Records the call and leaves the answer to the mock host, which authorises it by session.
    mswServer.use(
      http.get('*/api/user/details/', ({ request }) => {
        seen.push(describeRequest(request));
      }),
    );
    await expect(fetchUserDetails()).resolves.toEqual(customer);
    expect(seen).toEqual([
      {
        method: 'GET',
        path: '/api/user/details/',
        acceptLanguage: 'ka-ge',
      },
    ]);
  });

  it('rejects a visitor without a session with 401 not_authenticated', async () => {
    const error = await fetchUserDetails().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      code: 'not_authenticated',
      message: 'ავტორიზაციის მონაცემები არ არის მოწოდებული.',
    });
  });

  it.each([
    ['without email_verified', (({ email_verified: _, ...rest }) => rest)(customer)],
    ['with the id as a string', { ...customer, id: '42' }],
    ['with an unknown photos status', { ...customer, photos_status: 'lost' }],
    ['with a birth date that is not ISO', { ...customer, birth_date: '14.05.1990' }],
  ])('rejects an answer %s as breaking the contract', async (_case, answer) => {
    holdSession();
    mswServer.use(http.get('*/api/user/details/', () => HttpResponse.json(answer)));
    await expect(fetchUserDetails()).rejects.toMatchObject({
      kind: 'invalid-answer',
      status: 500,
      code: 'invalid_answer',
    });
  });
});

describe('updateUser', () => {
  it('sends a PATCH to the customer’s address with only the fields given', async () => {
    holdSession();
    const seen: Seen[] = [];
    mswServer.use(
      http.patch('*/api/user/user/:id/', async ({ request }) => {
        seen.push({ ...describeRequest(request), body: await request.clone().json() });
      }),
    );
    await expect(updateUser(42, { first_name: 'მარიამ' })).resolves.toEqual({
      ...customer,
      first_name: 'მარიამ',
    });
    expect(seen).toEqual([
      {
        method: 'PATCH',
        path: '/api/user/user/42/',
        acceptLanguage: 'ka-ge',
        body: { first_name: 'მარიამ' },
      },
    ]);
  });

  it('returns the customer with a changed e-mail unverified', async () => {
    holdSession();
    await expect(updateUser(42, { email: 'nino.b@example.ge' })).resolves.toEqual({
      ...customer,
      email: 'nino.b@example.ge',
      email_verified: false,
    });
  });

  it('keeps the provider’s field messages by field', async () => {
    holdSession();
    mswServer.use(
      http.patch('*/api/user/user/:id/', () =>
        HttpResponse.json({ email: ['შეიყვანეთ სწორი ელ. ფოსტის მისამართი.'] }, { status: 400 }),
      ),
    );
    await expect(updateUser(42, { email: 'nino@' })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      code: null,
      message: 'შეიყვანეთ სწორი ელ. ფოსტის მისამართი.',
      fieldErrors: { email: ['შეიყვანეთ სწორი ელ. ფოსტის მისამართი.'] },
    });
  });

  it('rejects an answer without the customer’s id as breaking the contract', async () => {
    holdSession();
    const { id: _, ...withoutId } = customer;
    mswServer.use(http.patch('*/api/user/user/:id/', () => HttpResponse.json(withoutId)));
    await expect(updateUser(42, { last_name: 'ბერიძე' })).rejects.toMatchObject({
      kind: 'invalid-answer',
    });
  });
});
