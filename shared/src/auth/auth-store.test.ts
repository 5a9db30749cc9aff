import { act } from '@testing-library/react';
import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { SIGNED_IN_COOKIE } from 'shared/session/server-session';
import { ACTIVITY_KEY, END_REASON_KEY } from 'shared/session/session-activity';
import { SESSION_CHANNEL } from 'shared/session/session-broadcast';
import { customer, loanLimit, loans } from '../testing/fixtures';
import { createGate } from '../testing/gate';
import { VALID_USER } from '../testing/handlers/user';
import { mswServer } from '../testing/msw-server';
import { dropSession, holdSession, SESSION_STATE } from '../testing/session';
import { useAuthStore } from './auth-store';

/** A customer whose session the server began before this page loaded. */
function signedIn() {
  holdSession();
  act(() => useAuthStore.getState().setSession({ access: 'unused', refresh: 'unused' }));
}

/** Every logout request's body and Authorization header; the server's answer is a 205. */
function watchLogouts() {
  const sent: { body: string; authorization: string | null }[] = [];
  mswServer.use(
    http.post('*/api/user/logout/', async ({ request }) => {
      sent.push({
        body: await request.text(),
        authorization: request.headers.get('Authorization'),
      });
      return new HttpResponse(null, { status: 205 });
    }),
  );
  return sent;
}

/** Everything the page's scripts could read back, by name: no token may be among it. */
function readableStorage() {
  const keys = (storage: Storage) =>
    Array.from({ length: storage.length }, (_, i) => storage.key(i));
  return {
    cookies: Object.keys(Cookies.get()),
    localStorage: keys(localStorage),
    sessionStorage: keys(sessionStorage),
  };
}

// The activity and end-reason keys are the page's, shared by tabs: each test starts without.
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the auth store', () => {
  it('starts logged out when the page loads without the signed_in cookie', () => {
    expect(useAuthStore.getState().status).toBe('logged-out');
  });

  it('setSession logs in and keeps none of the tokens it is given', () => {
    act(() => useAuthStore.getState().setSession({ access: 'access-1', refresh: 'refresh-1' }));
    expect(useAuthStore.getState().status).toBe('logged-in');
    expect(document.cookie).not.toMatch(/access-1|refresh-1/);
    expect(readableStorage()).toEqual({ cookies: [], localStorage: [], sessionStorage: [] });
  });

  it('logout logs out, forgets signed_in and asks the server to end the session, with no token', async () => {
    const sent = watchLogouts();
    signedIn();
    await act(() => useAuthStore.getState().logout());
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: null });
    // The mock server's 205 here clears nothing: the page forgot the cookie itself.
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(sent).toEqual([{ body: '', authorization: null }]);
  });

  it('logout of a visitor asks the server nothing', async () => {
    const sent = watchLogouts();
    await act(() => useAuthStore.getState().logout());
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(sent).toEqual([]);
  });
});

describe('logging out for inactivity', () => {
  it('ends the session with the reason and tells the other tabs why', async () => {
    mswServer.use(http.post('*/api/user/logout/', () => new HttpResponse(null, { status: 204 })));
    signedIn();
    await act(() => useAuthStore.getState().logout('inactive'));
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'inactive' });
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(localStorage.getItem(END_REASON_KEY)).toBe('inactive');
  });

  it('forgets the reason at the next login, so a later logout elsewhere says elsewhere', () => {
    localStorage.setItem(END_REASON_KEY, 'inactive');
    signedIn();
    expect(localStorage.getItem(END_REASON_KEY)).toBeNull();
  });
});

describe('logging in', () => {
  it('posts the credentials, logs in, loads user data, loan limit and loans, and posts the device log', async () => {
    const logins: unknown[] = [];
    const deviceLogs: unknown[] = [];
    mswServer.use(
      // Records the call; the mock host's own login handler answers it.
      http.post('*/api/user/api/token/', async ({ request }) => {
        logins.push(await request.clone().json());
      }),
      http.post('*/api/user/user_log/', async ({ request }) => {
        deviceLogs.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    await useAuthStore.getState().login(VALID_USER);
    expect(logins).toEqual([VALID_USER]);
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in', endedBy: null });
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBe('1');
    expect(queryClient.getQueryData(accountKeys.user)).toEqual(customer);
    expect(queryClient.getQueryData(accountKeys.loanLimit)).toEqual(loanLimit);
    expect(queryClient.getQueryData(accountKeys.loans)).toEqual(loans);
    await vi.waitFor(() => expect(deviceLogs).toHaveLength(1), { timeout: 5_000 });
    expect(deviceLogs[0]).toMatchObject({
      user_agent: expect.any(String),
      language: expect.any(String),
      screen: expect.stringMatching(/^\d+x\d+$/),
      timezone: expect.any(String),
    });
  });

  it('records the server’s idle clock as every tab’s last activity', async () => {
    // The server last counted the session used a minute before it answered.
    mswServer.use(
      http.post('*/api/user/api/token/', () => {
        holdSession();
        return HttpResponse.json({ ...SESSION_STATE, idle_left_seconds: 840 });
      }),
    );
    const before = Date.now();
    await useAuthStore.getState().login(VALID_USER);
    const after = Date.now();
    const recorded = Number(localStorage.getItem(ACTIVITY_KEY));
    expect(recorded).toBeGreaterThanOrEqual(before - 60_000);
    expect(recorded).toBeLessThanOrEqual(after - 60_000);
  });

  it('keeps no token anywhere the page’s scripts can read', async () => {
    await useAuthStore.getState().login(VALID_USER);
    expect(useAuthStore.getState().status).toBe('logged-in');
    expect(readableStorage()).toEqual({
      cookies: [SIGNED_IN_COOKIE],
      localStorage: [ACTIVITY_KEY],
      sessionStorage: [],
    });
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBe('1');
  });

  it('tells the other tabs that a session began', async () => {
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    otherTab.addEventListener('message', (event) => heard.push(event.data));
    try {
      await useAuthStore.getState().login(VALID_USER);
      await vi.waitFor(() => expect(heard).toEqual(['session-changed']));
    } finally {
      otherTab.close();
    }
  });

  it('stays logged out and rejects with the provider’s error on wrong credentials', async () => {
    await expect(
      useAuthStore.getState().login({ username: VALID_USER.username, password: 'Wrong1234' }),
    ).rejects.toMatchObject({ status: 401, code: 'no_active_account' });
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out' });
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(localStorage.getItem(ACTIVITY_KEY)).toBeNull();
    expect(queryClient.getQueryData(accountKeys.user)).toBeUndefined();
  });

  it('only logs a failed device log, and stays logged in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mswServer.use(http.post('*/api/user/user_log/', () => HttpResponse.error()));
    await useAuthStore.getState().login(VALID_USER);
    await vi.waitFor(
      () => expect(warn).toHaveBeenCalledWith('device log failed', expect.anything()),
      { timeout: 5_000 },
    );
    expect(useAuthStore.getState().status).toBe('logged-in');
  });

  it('still logs in when part of the account fails to load: each section shows its own failure', async () => {
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', () =>
        HttpResponse.json({ detail: 'შეცდომა.', code: 'error' }, { status: 500 }),
      ),
      http.get('*/api/user/details/', () => HttpResponse.json({ unexpected: true })),
    );
    await useAuthStore.getState().login(VALID_USER);
    expect(useAuthStore.getState().status).toBe('logged-in');
    expect(queryClient.getQueryState(accountKeys.user)).toMatchObject({
      status: 'error',
      error: { kind: 'invalid-answer' },
    });
    expect(queryClient.getQueryState(accountKeys.loanLimit)?.status).toBe('error');
    expect(queryClient.getQueryData(accountKeys.loans)).toEqual(loans);
  });
});

describe('logging out', () => {
  it('asks the server to end the session, with no token, and forgets every cached answer', async () => {
    await useAuthStore.getState().login(VALID_USER);
    const sent = watchLogouts();
    await useAuthStore.getState().logout();
    expect(sent).toEqual([{ body: '', authorization: null }]);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'logged-out',
      endedBy: null,
    });
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('ends the session here before the server answers', async () => {
    await useAuthStore.getState().login(VALID_USER);
    const answer = createGate();
    let asked = false;
    mswServer.use(
      http.post('*/api/user/logout/', async () => {
        asked = true;
        await answer.passed();
        return new HttpResponse(null, { status: 205 });
      }),
    );
    const logout = useAuthStore.getState().logout();
    await vi.waitFor(() => expect(asked).toBe(true));
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(queryClient.getQueryData(accountKeys.user)).toBeUndefined();
    answer.open();
    await logout;
  });

  it('ends the session even when the provider fails the logout', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await useAuthStore.getState().login(VALID_USER);
    mswServer.use(
      http.post('*/api/user/logout/', () =>
        HttpResponse.json({ detail: 'შეცდომა.', code: 'error' }, { status: 500 }),
      ),
    );
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(Cookies.get(SIGNED_IN_COOKIE)).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('drops account data that arrives after the customer logged out', async () => {
    const details = createGate();
    mswServer.use(
      http.get('*/api/user/details/', async () => {
        await details.passed();
        return HttpResponse.json(customer);
      }),
    );
    const login = useAuthStore.getState().login(VALID_USER);
    await vi.waitFor(
      () => expect(queryClient.getQueryState(accountKeys.user)?.fetchStatus).toBe('fetching'),
      { timeout: 5_000 },
    );
    await useAuthStore.getState().logout();
    details.open();
    await login;
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(queryClient.getQueryData(accountKeys.user)).toBeUndefined();
  });

  it('forgets every cached answer when the provider ends the session (a ban)', async () => {
    await useAuthStore.getState().login(VALID_USER);
    mswServer.use(
      http.get('*/api/loan/loan/', () =>
        HttpResponse.json({ detail: 'დაბლოკილია.', code: 'banned_user' }, { status: 403 }),
      ),
    );
    await queryClient.refetchQueries({ queryKey: accountKeys.loans });
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'banned' });
    expect(queryClient.getQueryData(accountKeys.user)).toBeUndefined();
  });
});

// What another tab (or the server's answer to it) does to the shared signed_in cookie, which
// this tab's memory knows nothing of.
describe('another tab of the page', () => {
  it('follows another tab’s logout and login at once, told by the tab itself', async () => {
    signedIn();
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    try {
      dropSession();
      otherTab.postMessage('session-changed');
      await vi.waitFor(() =>
        expect(useAuthStore.getState()).toMatchObject({
          status: 'logged-out',
          endedBy: 'elsewhere',
        }),
      );
      holdSession();
      otherTab.postMessage('session-changed');
      await vi.waitFor(() =>
        expect(useAuthStore.getState()).toMatchObject({
          status: 'logged-in',
          endedBy: null,
        }),
      );
      // The customer's data is loaded for the session the other tab began.
      await vi.waitFor(() => expect(queryClient.getQueryData(accountKeys.user)).toEqual(customer));
    } finally {
      otherTab.close();
    }
  });

  it('says inactive, not elsewhere, when another tab ended the session for inactivity', async () => {
    signedIn();
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    try {
      localStorage.setItem(END_REASON_KEY, 'inactive');
      dropSession();
      otherTab.postMessage('session-changed');
      await vi.waitFor(() =>
        expect(useAuthStore.getState()).toMatchObject({
          status: 'logged-out',
          endedBy: 'inactive',
        }),
      );
    } finally {
      otherTab.close();
    }
  });

  it('says why from the message itself, before this tab’s storage shows the reason', async () => {
    signedIn();
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    try {
      dropSession();
      otherTab.postMessage({ reason: 'inactive' });
      await vi.waitFor(() =>
        expect(useAuthStore.getState()).toMatchObject({
          status: 'logged-out',
          endedBy: 'inactive',
        }),
      );
    } finally {
      otherTab.close();
    }
  });

  it('keeps the session when it looks again and signed_in is still set', () => {
    signedIn();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in', endedBy: null });
  });

  it('checks the cookie again when the tab comes back into view', async () => {
    signedIn();
    dropSession();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'elsewhere' });
  });
});
