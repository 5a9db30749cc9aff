import { HttpResponse, http } from 'msw';
import { VALID_USER } from 'shared/testing/handlers/user';
import { mswServer } from 'shared/testing/msw-server';
import { changePassword } from './change-password';

describe('changePassword', () => {
  const change = { old_password: VALID_USER.password, new_password: 'Axali1234' };

  it('posts the old and the new password and resolves on the provider’s {}', async () => {
    const seen: { method: string; path: string; body: unknown }[] = [];
    mswServer.use(
      http.post('*/api/user/user/change_password/', async ({ request }) => {
        seen.push({
          method: request.method,
          path: new URL(request.url).pathname,
          body: await request.json(),
        });
        return HttpResponse.json({});
      }),
    );
    await expect(changePassword(change)).resolves.toBeUndefined();
    expect(seen).toEqual([
      { method: 'POST', path: '/api/user/user/change_password/', body: change },
    ]);
  });

  it('resolves against the mock provider when the old password is right', async () => {
    await expect(changePassword(change)).resolves.toBeUndefined();
  });

  it('rejects a wrong old password with the provider’s message on old_password', async () => {
    await expect(changePassword({ ...change, old_password: 'Sxva1234' })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      code: null,
      message: 'მიმდინარე პაროლი არასწორია.',
      fieldErrors: { old_password: ['მიმდინარე პაროლი არასწორია.'] },
    });
  });

  it.each([
    ['a list', ['ok']],
    ['null', null],
    ['a string', 'ok'],
  ])('rejects an answer that is %s as breaking the contract', async (_case, answer) => {
    mswServer.use(http.post('*/api/user/user/change_password/', () => HttpResponse.json(answer)));
    await expect(changePassword(change)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
