import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { fetchLoans } from 'shared/api/loan/loans';
import { requestJson } from 'shared/api/request-json';
import { startSession } from 'shared/api/user/server-session';
import { fetchUserDetails } from 'shared/api/user/user-details';
import { useAuthStore } from 'shared/auth/auth-store';
import {
  SESSION_ENDED_CODE,
  SESSION_ENDED_HEADER,
  SIGNED_IN_COOKIE,
} from 'shared/session/server-session';
import { SESSION_CHANNEL } from 'shared/session/session-broadcast';
import { onSessionEnd } from 'shared/session/session-events';
import * as z from 'shared/validation/zod';
import { customer } from '../testing/fixtures';
import { VALID_USER } from '../testing/handlers/user';
import { mswServer } from '../testing/msw-server';
import { dropSession, holdSession } from '../testing/session';

const REASONS = ['inactive', 'expired', 'banned'] as const;

/** A customer as the page sees one after login: the server's companion cookie and the store. */
function logIn() {
  holdSession();
  // The store notes that a session began; the tokens it once took are ignored.
  useAuthStore.getState().setSession({ access: 'unused', refresh: 'unused' });
}

/** The page must never ask for a refresh itself: the host's server does (decision 027). */
function watchRefreshes(): unknown[] {
  const refreshes: unknown[] = [];
  mswServer.use(
    http.post('*/api/user/token/refresh/', () => {
      refreshes.push(true);
      return HttpResponse.json({ access: 'a-2', refresh: 'r-2' });
    }),
  );
  return refreshes;
}

/** The host's answer to a call whose session it found ended, as its gateway writes it. */
const sessionEnded = (reason: (typeof REASONS)[number]) =>
  HttpResponse.json(
    {
      detail: 'სესიის ვადა ამოიწურა. გთხოვთ, ხელახლა შეხვიდეთ ანგარიშში.',
      code: SESSION_ENDED_CODE,
      reason,
    },
    { status: 401, headers: { [SESSION_ENDED_HEADER]: reason } },
  );

const tokenNotValid = () =>
  HttpResponse.json(
    { detail: 'ტოკენი არავალიდურია ან ვადაგასულია.', code: 'token_not_valid' },
    { status: 401 },
  );

/** A visitor's call (the slider): answered even after the session it carried has ended. */
const readSlider = () =>
  requestJson(z.array(z.unknown()), { method: 'GET', url: '/api/cms/slider/' });

/** The slider answers as usual, with the header saying the session ended (`reason`). */
function sliderSaysSessionEnded(reason: string): void {
  mswServer.use(
    http.get('*/api/cms/slider/', () =>
      HttpResponse.json([], { headers: { [SESSION_ENDED_HEADER]: reason } }),
    ),
  );
}

/**
 * The server answers the details with a 401 it did not explain (token_not_valid), as after its
 * own refresh and repeat failed. Returns what the page did since: its calls and its refreshes.
 */
function detailsRefusedUnexplained(): () => { calls: number; refreshes: number } {
  const refreshes = watchRefreshes();
  let calls = 0;
  mswServer.use(
    http.get('*/api/user/details/', () => {
      calls += 1;
      return tokenNotValid();
    }),
  );
  return () => ({ calls, refreshes: refreshes.length });
}

/** The page ended the session for `reason`: the store says why, the companion cookie is gone. */
function expectSessionEndedAs(reason: string): void {
  expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: reason });
  expect(Cookies.get(SIGNED_IN_COOKIE)).toBeUndefined();
}

/** The page kept the session: still logged in, the companion cookie still set. */
function expectSessionKept(): void {
  expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in', endedBy: null });
  expect(Cookies.get(SIGNED_IN_COOKIE)).toBe('1');
}

describe('an answer saying the session ended (X-Session-Ended)', () => {
  it.each(REASONS)(
    'on a success answer: ends the session as %s, forgets signed_in and still returns the answer',
    async (reason) => {
      logIn();
      sliderSaysSessionEnded(reason);
      await expect(readSlider()).resolves.toEqual([]);
      expectSessionEndedAs(reason);
    },
  );

  it.each(REASONS)(
    'on an error answer: ends the session as %s and rejects with the answer’s error',
    async (reason) => {
      logIn();
      const refreshes = watchRefreshes();
      mswServer.use(http.get('*/api/user/details/', () => sessionEnded(reason)));
      await expect(fetchUserDetails()).rejects.toMatchObject({
        status: 401,
        code: SESSION_ENDED_CODE,
      });
      expectSessionEndedAs(reason);
      expect(refreshes).toHaveLength(0);
    },
  );

  it('tells the other tabs why', async () => {
    logIn();
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    otherTab.addEventListener('message', (event) => heard.push(event.data));
    try {
      mswServer.use(http.get('*/api/user/details/', () => sessionEnded('inactive')));
      await expect(fetchUserDetails()).rejects.toMatchObject({ status: 401 });
      await vi.waitFor(() => expect(heard).toEqual([{ reason: 'inactive' }]));
    } finally {
      otherTab.close();
    }
  });

  it('forgets signed_in even in a tab whose store had not yet heard of the session', async () => {
    // Another tab logged in a moment ago: the cookie is there, this tab's store is a visitor's.
    holdSession();
    sliderSaysSessionEnded('expired');
    await readSlider();
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(useAuthStore.getState().status).toBe('logged-out');
  });

  it('ignores a reason it does not know, and keeps the session', async () => {
    logIn();
    sliderSaysSessionEnded('tired');
    await expect(readSlider()).resolves.toEqual([]);
    expectSessionKept();
  });
});

describe('a banned_user answer', () => {
  it.each([403, 401, 400])(
    'ends the session as banned and forgets signed_in, whatever its status (%i)',
    async (status) => {
      logIn();
      const refreshes = watchRefreshes();
      mswServer.use(
        http.get('*/api/loan/loan/', () =>
          HttpResponse.json(
            { detail: 'თქვენი ანგარიში დაბლოკილია.', code: 'banned_user' },
            { status },
          ),
        ),
      );
      await expect(fetchLoans()).rejects.toMatchObject({ status, code: 'banned_user' });
      expectSessionEndedAs('banned');
      expect(refreshes).toHaveLength(0);
    },
  );
});

describe('a 401 the server did not explain', () => {
  it('passes it through while the browser still holds the session, and keeps the session', async () => {
    logIn();
    const pageDid = detailsRefusedUnexplained();
    await expect(fetchUserDetails()).rejects.toMatchObject({
      status: 401,
      code: 'token_not_valid',
    });
    // The server already refreshed and repeated once: the page neither refreshes nor repeats.
    expect(pageDid()).toEqual({ calls: 1, refreshes: 0 });
    expectSessionKept();
  });

  it('ends the session as elsewhere when the browser no longer holds one (another tab logged out)', async () => {
    logIn();
    // The other tab's logout cleared the cookies; this tab missed its message.
    dropSession();
    mswServer.use(
      http.get('*/api/user/details/', ({ cookies }) =>
        cookies[SIGNED_IN_COOKIE] === '1'
          ? HttpResponse.json(customer)
          : HttpResponse.json(
              { detail: 'ავტორიზაციის მონაცემები არ არის მოწოდებული.', code: 'not_authenticated' },
              { status: 401 },
            ),
      ),
    );
    await expect(fetchUserDetails()).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'elsewhere' });
  });

  it('tells a visitor nothing: there was no session to end', async () => {
    await expect(fetchLoans()).rejects.toMatchObject({ status: 401, code: 'not_authenticated' });
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: null });
  });

  it('takes a refused login as an answer, not as another tab’s logout', async () => {
    const ended: unknown[] = [];
    const stop = onSessionEnd((reason) => ended.push(reason));
    try {
      await expect(
        startSession({ username: VALID_USER.username, password: 'Wrong1234' }),
      ).rejects.toMatchObject({ status: 401, code: 'no_active_account' });
      expect(ended).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe('the page and the refresh token', () => {
  it('never asks for a refresh, even when 20 calls meet an expired token at once', async () => {
    logIn();
    const pageDid = detailsRefusedUnexplained();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => fetchUserDetails()));
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(pageDid()).toEqual({ calls: 20, refreshes: 0 });
  });
});
