import { HttpResponse, http } from 'msw';
import { ISSUED_TOKENS, VALID_USER } from '../../testing/handlers/user';
import { mswServer } from '../../testing/msw-server';
import { obtainTokens } from './token';

describe('obtainTokens', () => {
  // Deprecated: through the host's server the login answers the session's clocks instead. Here
  // the provider answers as it did before, for releases that still call obtainTokens.
  it('posts the credentials and returns the tokens the provider answers', async () => {
    const bodies: unknown[] = [];
    mswServer.use(
      http.post('*/api/user/api/token/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(ISSUED_TOKENS);
      }),
    );
    await expect(obtainTokens(VALID_USER)).resolves.toEqual(ISSUED_TOKENS);
    expect(bodies).toEqual([VALID_USER]);
  });

  it('rejects the host’s login answer, which holds no tokens, as breaking the contract', async () => {
    await expect(obtainTokens(VALID_USER)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });

  it('rejects wrong credentials with 401 no_active_account and the provider’s Georgian message', async () => {
    await expect(
      obtainTokens({ username: VALID_USER.username, password: 'Wrong1234' }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'no_active_account',
      message: 'მითითებული მონაცემებით აქტიური ანგარიში ვერ მოიძებნა.',
    });
  });

  it('rejects an answer without a refresh token as breaking the contract', async () => {
    mswServer.use(
      http.post('*/api/user/api/token/', () => HttpResponse.json({ access: 'access-only' })),
    );
    await expect(obtainTokens(VALID_USER)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
