import { HttpResponse, http } from 'msw';
import { mswServer } from '../../testing/msw-server';
import { logout } from './logout';

describe('logout', () => {
  it('sends the refresh token, authorised by the access token, and accepts the empty 205', async () => {
    const seen: { body: unknown; authorization: string | null }[] = [];
    mswServer.use(
      http.post('*/api/user/logout/', async ({ request }) => {
        seen.push({
          body: await request.json(),
          authorization: request.headers.get('Authorization'),
        });
        return new HttpResponse(null, { status: 205 });
      }),
    );
    // No session cookie any more: the caller clears it before the request goes out.
    await expect(logout({ access: 'access-1', refresh: 'refresh-1' })).resolves.toBeUndefined();
    expect(seen).toEqual([{ body: { refresh: 'refresh-1' }, authorization: 'JWT access-1' }]);
  });

  it('rejects when the provider refuses the token', async () => {
    mswServer.use(
      http.post('*/api/user/logout/', () =>
        HttpResponse.json(
          { detail: 'ტოკენი არავალიდურია.', code: 'token_not_valid' },
          { status: 401 },
        ),
      ),
    );
    await expect(logout({ access: 'a', refresh: 'stale' })).rejects.toMatchObject({
      status: 401,
      code: 'token_not_valid',
    });
  });
});
