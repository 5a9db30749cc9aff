import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { HttpResponse, http } from 'msw';
import { format, ka } from 'shared/strings/ka';
import * as z from 'shared/validation/zod';
import { mswServer } from '../testing/msw-server';
import { requestJson } from './api-client';
import { ApiError, toApiError } from './api-error';

/** An axios failure as the client meets it: the provider answered `status` with `data`. */
function answered(status: number, data: unknown, headers: Record<string, string> = {}) {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = {
    status,
    statusText: '',
    data,
    headers: new AxiosHeaders(headers),
    config,
  };
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, {}, response);
}

const byCode = ka.errors.byCode;

describe('toApiError: what the customer reads', () => {
  it('keeps a detail written in Georgian, with its code', () => {
    const error = toApiError(
      answered(400, { detail: 'კოდი არასწორია. დარჩენილი მცდელობები: 4.', code: 'wrong_code' }),
    );
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'wrong_code',
      message: 'კოდი არასწორია. დარჩენილი მცდელობები: 4.',
    });
  });

  it.each([
    ['not_found', 404, 'Not found.'],
    ['csrf_failed', 403, 'CSRF Failed: CSRF token missing or incorrect.'],
    ['not_authenticated', 401, 'Authentication credentials were not provided.'],
    ['token_not_valid', 401, 'Given token not valid for any token type'],
    ['no_active_account', 401, 'No active account found with the given credentials'],
    ['permission_denied', 403, 'You do not have permission to perform this action.'],
    ['banned_user', 403, 'User is banned.'],
    ['file_too_large', 413, 'File too large.'],
    ['method_not_allowed', 405, 'Method "DELETE" not allowed.'],
    ['limit_exceeded', 400, 'Amount exceeds the limit.'],
  ] as const)(
    'shows %s in our Georgian words when the detail is English',
    (code, status, detail) => {
      const error = toApiError(answered(status, { detail, code }));
      expect(error).toMatchObject({ status, code, message: byCode[code] });
    },
  );

  it('names the wait of a throttled answer from Retry-After, whatever the detail says', () => {
    const english = toApiError(
      answered(
        429,
        { detail: 'Request was throttled. Expected available in 42 seconds.', code: 'throttled' },
        { 'Retry-After': '42' },
      ),
    );
    expect(english).toMatchObject({
      code: 'throttled',
      retryAfterSeconds: 42,
      message: format(ka.errors.throttledWait, { seconds: 42 }),
    });
    const georgian = toApiError(
      answered(429, { detail: 'მოთხოვნა შეიზღუდა.', code: 'throttled' }, { 'Retry-After': '7' }),
    );
    expect(georgian.message).toBe(format(ka.errors.throttledWait, { seconds: 7 }));
  });

  it('says "try again soon" for a throttled answer without Retry-After and an English detail', () => {
    const error = toApiError(
      answered(429, { detail: 'Request was throttled.', code: 'throttled' }),
    );
    expect(error).toMatchObject({ retryAfterSeconds: null, message: byCode.throttled });
  });

  it('uses the detail of an unknown code only when it is Georgian', () => {
    expect(toApiError(answered(400, { detail: 'წესი დაირღვა.', code: 'rule' })).message).toBe(
      'წესი დაირღვა.',
    );
    expect(toApiError(answered(400, { detail: 'Rule broken.', code: 'rule' }))).toMatchObject({
      code: 'rule',
      message: ka.errors.genericMessage,
    });
    expect(toApiError(answered(400, { detail: 'Invalid input.' })).message).toBe(
      ka.errors.genericMessage,
    );
  });

  it('says the service is unavailable for a 5xx without Georgian words', () => {
    expect(
      toApiError(answered(500, { detail: 'A server error occurred.', code: 'error' })).message,
    ).toBe(ka.errors.providerUnavailable);
    expect(toApiError(answered(502, '<html>Bad Gateway</html>')).message).toBe(
      ka.errors.providerUnavailable,
    );
  });

  it.each([
    [404, byCode.not_found],
    [405, byCode.method_not_allowed],
    [413, byCode.file_too_large],
    [429, byCode.throttled],
  ])('reads a %i without a DRF body (a proxy answered) by its status', (status, message) => {
    const error = toApiError(answered(status, '<html><body>nginx</body></html>'));
    expect(error).toMatchObject({ status, code: null, message });
  });

  it('keeps field messages by field, the first non-field one as the message', () => {
    const error = toApiError(
      answered(400, {
        phone_number: ['ნომერი არასწორია.'],
        non_field_errors: ['შეამოწმეთ ველები.'],
      }),
    );
    expect(error).toMatchObject({
      code: null,
      message: 'შეამოწმეთ ველები.',
      fieldErrors: { phone_number: ['ნომერი არასწორია.'], non_field_errors: ['შეამოწმეთ ველები.'] },
    });
  });

  it('gives a network failure the status 500 and the Georgian network message', () => {
    const error = toApiError(new AxiosError('Network Error', 'ERR_NETWORK'));
    expect(error).toMatchObject({ kind: 'network', status: 500, message: ka.errors.network });
  });

  it('passes an ApiError through and makes anything else a generic 500', () => {
    const original = new ApiError('http', 400, 'x', 'ტექსტი');
    expect(toApiError(original)).toBe(original);
    expect(toApiError(new TypeError('boom'))).toMatchObject({
      status: 500,
      message: ka.errors.genericMessage,
    });
  });

  it('reaches the customer in Georgian through the API client (CSRF failure)', async () => {
    mswServer.use(
      http.post('*/api/probe/', () =>
        HttpResponse.json(
          { detail: 'CSRF Failed: CSRF token missing or incorrect.', code: 'csrf_failed' },
          { status: 403 },
        ),
      ),
    );
    const error = await requestJson(z.unknown(), { method: 'POST', url: '/api/probe/' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'csrf_failed', message: byCode.csrf_failed });
  });
});
