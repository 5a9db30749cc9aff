import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import {
  CSRF_COOKIE,
  SESSION_ACTIVITY_PATH,
  SESSION_STATE_PATH,
} from 'shared/session/server-session';
import { mswServer } from '../../testing/msw-server';
import { SESSION_STATE } from '../../testing/session';
import { reportActivity } from './server-session';

describe('reportActivity', () => {
  function watch() {
    const seen: string[] = [];
    mswServer.use(
      http.post(`*${SESSION_ACTIVITY_PATH}`, ({ request }) => {
        seen.push(`POST ${request.headers.get('X-CSRFToken')}`);
        return HttpResponse.json(SESSION_STATE);
      }),
      http.get(`*${SESSION_STATE_PATH}`, () => {
        seen.push('GET');
        return HttpResponse.json(SESSION_STATE);
      }),
    );
    return seen;
  }

  it('posts the activity with the csrftoken, and returns the server’s clocks', async () => {
    const seen = watch();
    Cookies.set(CSRF_COOKIE, 'csrf-1', { path: '/' });
    await expect(reportActivity()).resolves.toEqual(SESSION_STATE);
    expect(seen).toEqual(['POST csrf-1']);
  });

  it('only reads the clocks before the provider has set its csrftoken: a write would be refused', async () => {
    const seen = watch();
    await expect(reportActivity()).resolves.toEqual(SESSION_STATE);
    expect(seen).toEqual(['GET']);
  });
});
