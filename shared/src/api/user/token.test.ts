import { HttpResponse, http } from 'msw';
import { ISSUED_TOKENS, VALID_USER } from '../../testing/handlers/user';
import { mswServer } from '../../testing/msw-server';
import { obtainTokens } from './token';

describe('obtainTokens', () => {
  it('returns the access and refresh tokens for valid credentials', async () => {
    await expect(obtainTokens(VALID_USER)).resolves.toEqual(ISSUED_TOKENS);
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
