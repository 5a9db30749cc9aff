import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { useAuthStore } from 'shared/auth/auth-store';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import * as z from 'shared/validation/zod';
import { mswServer } from '../testing/msw-server';
import { holdSession } from '../testing/session';
import { requestJson as requestJsonOfReleasesBefore015 } from './api-client';
import { ApiError } from './api-error';
import { requestJson as requestJsonFetchingTheClient } from './request-json';

function captureHeaders() {
  const seen: Headers[] = [];
  mswServer.use(
    http.post('*/api/probe/', ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({ ok: true });
    }),
  );
  return seen;
}

// The call every module makes (request-json, which fetches the client with the first call),
// and the one releases built against shared 0.1.4 or earlier still import from api-client.
describe.each([
  ['request-json', requestJsonFetchingTheClient],
  ['api-client, deprecated', requestJsonOfReleasesBefore015],
])('the API client, called through %s', (_, requestJson) => {
  it('asks for Georgian and sends no credentials when there is no session', async () => {
    const seen = captureHeaders();
    await requestJson(z.object({ ok: z.boolean() }), { method: 'POST', url: '/api/probe/' });
    expect(seen[0]?.get('Accept-Language')).toBe('ka-ge');
    expect(seen[0]?.get('Authorization')).toBeNull();
    expect(seen[0]?.get('X-CSRFToken')).toBeNull();
  });

  it('sends a customer’s call with no token, in Georgian, with the csrftoken cookie as X-CSRFToken', async () => {
    // Signed in as the server leaves the browser, and with the readable token cookie an earlier
    // release wrote: the host's server authorises the call, so the page must not send a token.
    holdSession();
    useAuthStore.getState().setSession({ access: 'a-1', refresh: 'r-1' });
    Cookies.set(SESSION_COOKIE, JSON.stringify({ access: 'a-1', refresh: 'r-1' }), { path: '/' });
    Cookies.set('csrftoken', 'csrf-123', { path: '/' });
    const seen = captureHeaders();
    await requestJson(z.object({ ok: z.boolean() }), { method: 'POST', url: '/api/probe/' });
    expect(useAuthStore.getState().status).toBe('logged-in');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.get('Authorization')).toBeNull();
    expect(seen[0]?.get('Accept-Language')).toBe('ka-ge');
    expect(seen[0]?.get('X-CSRFToken')).toBe('csrf-123');
  });

  it('rejects an answer that breaks the contract with a clear invalid-answer error', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => HttpResponse.json([{ id: 'not a number' }])));
    const failure = requestJson(z.array(z.object({ id: z.number() })), {
      method: 'GET',
      url: '/api/cms/slider/',
    });
    await expect(failure).rejects.toMatchObject({ kind: 'invalid-answer', status: 500 });
  });

  it('turns a DRF detail error into a typed ApiError with status and code', async () => {
    mswServer.use(
      http.get('*/api/loan/loan/', () =>
        HttpResponse.json({ detail: 'აკრძალულია', code: 'permission_denied' }, { status: 403 }),
      ),
    );
    const error = await requestJson(z.unknown(), { method: 'GET', url: '/api/loan/loan/' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'permission_denied', message: 'აკრძალულია' });
  });

  it('keeps DRF field messages by field', async () => {
    mswServer.use(
      http.post('*/api/user/register/', () =>
        HttpResponse.json(
          { phone_number: ['ნომერი არასწორია.'], non_field_errors: ['შეამოწმეთ ველები.'] },
          { status: 400 },
        ),
      ),
    );
    const error = await requestJson(z.unknown(), {
      method: 'POST',
      url: '/api/user/register/',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      message: 'შეამოწმეთ ველები.',
      fieldErrors: { phone_number: ['ნომერი არასწორია.'] },
    });
  });

  it('gives a network failure, which has no status, the status 500', async () => {
    mswServer.use(http.get('*/api/cms/slider/', () => HttpResponse.error()));
    const error = await requestJson(z.unknown(), { method: 'GET', url: '/api/cms/slider/' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'network', status: 500 });
  });

  it('reads Retry-After from a throttled answer', async () => {
    mswServer.use(
      http.post('*/api/user/user/send_sms/', () =>
        HttpResponse.json(
          { detail: 'ძალიან ბევრი მოთხოვნა.', code: 'throttled' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    const error = await requestJson(z.unknown(), {
      method: 'POST',
      url: '/api/user/user/send_sms/',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'throttled', retryAfterSeconds: 42 });
  });
});
