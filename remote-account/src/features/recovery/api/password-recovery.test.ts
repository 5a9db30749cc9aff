import { HttpResponse, http } from 'msw';
import { mswServer } from 'shared/testing/msw-server';
import { recoverPassword, requestPasswordReset } from './password-recovery';

describe('requestPasswordReset', () => {
  it('sends the personal number and returns how long the SMS code lives', async () => {
    const bodies: unknown[] = [];
    mswServer.use(
      http.post('*/api/user/user/reset_password/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ expires_in: 600 });
      }),
    );
    await expect(requestPasswordReset('01001012345')).resolves.toEqual({ expires_in: 600 });
    expect(bodies).toEqual([{ username: '01001012345' }]);
  });

  it('rejects an answer without a positive expiry as breaking the contract', async () => {
    mswServer.use(
      http.post('*/api/user/user/reset_password/', () => HttpResponse.json({ expires_in: 0 })),
    );
    await expect(requestPasswordReset('01001012345')).rejects.toMatchObject({
      kind: 'invalid-answer',
    });
  });
});

describe('recoverPassword', () => {
  const input = { username: '01001012345', code: '123456', new_password: 'Axali1234' };

  it('resolves when the SMS code is right', async () => {
    await expect(recoverPassword(input)).resolves.toBeUndefined();
  });

  it('rejects a wrong code with the provider’s message on the code field', async () => {
    await expect(recoverPassword({ ...input, code: '000000' })).rejects.toMatchObject({
      status: 400,
      message: 'კოდი არასწორია ან ვადაგასულია.',
      fieldErrors: { code: ['კოდი არასწორია ან ვადაგასულია.'] },
    });
  });

  it('rejects an answer that is not an object as breaking the contract', async () => {
    mswServer.use(http.post('*/api/user/user/recovery/', () => HttpResponse.json(['ok'])));
    await expect(recoverPassword(input)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});
