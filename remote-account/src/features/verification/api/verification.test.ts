import { HttpResponse, http, type JsonBodyType } from 'msw';
import { format, ka } from 'shared/strings/ka';
import { customer } from 'shared/testing/fixtures';
import { GOOD_CODE } from 'shared/testing/handlers/user';
import { mswServer } from 'shared/testing/msw-server';
import {
  activatePhoneNumber,
  sendEmailVerification,
  sendSmsCode,
  verifyEmail,
} from './verification';

const WRONG_CODE_MESSAGE = 'კოდი არასწორია. დარჩენილი მცდელობები: 4.';

/** Records what reaches `path` and answers `answer`. */
function capturePost(path: string, answer: JsonBodyType) {
  const seen: { method: string; path: string; body: unknown }[] = [];
  mswServer.use(
    http.post(`*${path}`, async ({ request }) => {
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: await request.json(),
      });
      return HttpResponse.json(answer);
    }),
  );
  return seen;
}

describe('sendEmailVerification', () => {
  it('posts an empty body and returns how long the code lives', async () => {
    const seen = capturePost('/api/user/user/send_email_verification/', { expires_in: 600 });
    await expect(sendEmailVerification()).resolves.toEqual({ expires_in: 600 });
    expect(seen).toEqual([
      { method: 'POST', path: '/api/user/user/send_email_verification/', body: {} },
    ]);
  });

  it.each([
    ['without an expiry', {}],
    ['with the expiry as a string', { expires_in: '600' }],
    ['with a zero expiry', { expires_in: 0 }],
  ])('rejects an answer %s as breaking the contract', async (_case, answer) => {
    mswServer.use(
      http.post('*/api/user/user/send_email_verification/', () => HttpResponse.json(answer)),
    );
    await expect(sendEmailVerification()).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});

describe('verifyEmail', () => {
  it('posts the code and returns the customer with the e-mail verified', async () => {
    const seen = capturePost('/api/user/user/verify_email/', {
      ...customer,
      email_verified: true,
    });
    await expect(verifyEmail(GOOD_CODE)).resolves.toEqual({ ...customer, email_verified: true });
    expect(seen).toEqual([
      { method: 'POST', path: '/api/user/user/verify_email/', body: { code: GOOD_CODE } },
    ]);
  });

  it('rejects a wrong code with the provider’s message on the code field', async () => {
    await expect(verifyEmail('000000')).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      code: null,
      message: WRONG_CODE_MESSAGE,
      fieldErrors: { code: [WRONG_CODE_MESSAGE] },
    });
  });

  it('rejects an answer that is not a User as breaking the contract', async () => {
    mswServer.use(
      http.post('*/api/user/user/verify_email/', () =>
        HttpResponse.json({ ...customer, email_verified: 'yes' }),
      ),
    );
    await expect(verifyEmail(GOOD_CODE)).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});

describe('sendSmsCode', () => {
  it('posts an empty body and returns how long the code lives', async () => {
    const seen = capturePost('/api/user/user/send_sms/', { expires_in: 600 });
    await expect(sendSmsCode()).resolves.toEqual({ expires_in: 600 });
    expect(seen).toEqual([{ method: 'POST', path: '/api/user/user/send_sms/', body: {} }]);
  });

  it('rejects a second code within the minute as throttled, with the seconds to wait', async () => {
    mswServer.use(
      http.post('*/api/user/user/send_sms/', () =>
        HttpResponse.json(
          { detail: 'მოთხოვნა შეზღუდულია. სცადეთ 42 წამში.', code: 'throttled' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    await expect(sendSmsCode()).rejects.toMatchObject({
      kind: 'http',
      status: 429,
      code: 'throttled',
      // The wait is named from Retry-After, in our words (shared/api/api-error).
      message: format(ka.errors.throttledWait, { seconds: 42 }),
      retryAfterSeconds: 42,
    });
  });

  it('rejects an answer without an expiry as breaking the contract', async () => {
    mswServer.use(http.post('*/api/user/user/send_sms/', () => HttpResponse.json({ sent: true })));
    await expect(sendSmsCode()).rejects.toMatchObject({ kind: 'invalid-answer' });
  });
});

describe('activatePhoneNumber', () => {
  it('posts the code and returns the customer with the phone verified', async () => {
    const seen = capturePost('/api/user/user/activate_phone_number/', {
      ...customer,
      phone_verified: true,
    });
    await expect(activatePhoneNumber(GOOD_CODE)).resolves.toEqual({
      ...customer,
      phone_verified: true,
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/user/user/activate_phone_number/',
        body: { code: GOOD_CODE },
      },
    ]);
  });

  it('rejects a wrong code with the provider’s message on the code field', async () => {
    await expect(activatePhoneNumber('000000')).rejects.toMatchObject({
      status: 400,
      message: WRONG_CODE_MESSAGE,
      fieldErrors: { code: [WRONG_CODE_MESSAGE] },
    });
  });

  it('rejects an answer without phone_verified as breaking the contract', async () => {
    const { phone_verified: _, ...withoutFlag } = customer;
    mswServer.use(
      http.post('*/api/user/user/activate_phone_number/', () => HttpResponse.json(withoutFlag)),
    );
    await expect(activatePhoneNumber(GOOD_CODE)).rejects.toMatchObject({
      kind: 'invalid-answer',
    });
  });
});
