import { act } from '@testing-library/react';
import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { accountKeys } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { END_REASON_KEY } from 'shared/session/session-activity';
import { SESSION_CHANNEL } from 'shared/session/session-broadcast';
import { readSession, SESSION_COOKIE, saveSession } from 'shared/session/session-cookie';
import { customer, loanLimit, loans } from '../testing/fixtures';
import { createGate } from '../testing/gate';
import { ISSUED_TOKENS, VALID_USER } from '../testing/handlers/user';
import { mswServer } from '../testing/msw-server';
import { useAuthStore } from './auth-store';

const session = { access: 'access-1', refresh: 'refresh-1' };

// The activity and end-reason keys are the page's, shared by tabs: each test starts without.
afterEach(() => localStorage.clear());

describe('the auth store', () => {
  it('starts logged out when the page loads without a session cookie', () => {
    expect(useAuthStore.getState().status).toBe('logged-out');
  });

  it('starts logged in when the page loads with a session cookie', async () => {
    saveSession(session);
    vi.resetModules();
    const { useAuthStore: freshStore } = await import('./auth-store');
    expect(freshStore.getState().status).toBe('logged-in');
  });

  it('setSession stores the session in the cookie and logs in', () => {
    act(() => useAuthStore.getState().setSession(session));
    expect(readSession()).toEqual(session);
    expect(useAuthStore.getState().status).toBe('logged-in');
  });

  it('logout removes the cookie and logs out, with the refresh token the cookie held', async () => {
    const sent: unknown[] = [];
    mswServer.use(
      http.post('*/api/user/logout/', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 205 });
      }),
    );
    act(() => useAuthStore.getState().setSession(session));
    await act(() => useAuthStore.getState().logout());
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(useAuthStore.getState().status).toBe('logged-out');
    expect(sent).toEqual([{ refresh: session.refresh }]);
  });
});

describe('logging out for inactivity', () => {
  it('ends the session with the reason and tells the other tabs why', async () => {
    mswServer.use(http.post('*/api/user/logout/', () => new HttpResponse(null, { status: 204 })));
    act(() => useAuthStore.getState().setSession(session));
    await act(() => useAuthStore.getState().logout('inactive'));
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'inactive' });
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(END_REASON_KEY)).toBe('inactive');
  });

  it('forgets the reason at the next login, so a later logout elsewhere says elsewhere', () => {
    localStorage.setItem(END_REASON_KEY, 'inactive');
    act(() => useAuthStore.getState().setSession(session));
    expect(localStorage.getItem(END_REASON_KEY)).toBeNull();
  });
});

describe('logging in', () => {
  it('logs in, then loads user data, loan limit and loans, and posts the device log', async () => {
    const deviceLogs: unknown[] = [];
    mswServer.use(
      http.post('*/api/user/user_log/', async ({ request }) => {
        deviceLogs.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    await useAuthStore.getState().login(VALID_USER);
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in' });
    expect(readSession()).toEqual(ISSUED_TOKENS);
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

  it('stays logged out and rejects with the provider’s error on wrong credentials', async () => {
    await expect(
      useAuthStore.getState().login({ username: VALID_USER.username, password: 'Wrong1234' }),
    ).rejects.toMatchObject({ status: 401, code: 'no_active_account' });
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out' });
    expect(readSession()).toBeNull();
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
  it('posts the refresh token, ends the session and forgets every cached answer', async () => {
    const bodies: unknown[] = [];
    mswServer.use(
      http.post('*/api/user/logout/', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 205 });
      }),
    );
    await useAuthStore.getState().login(VALID_USER);
    await useAuthStore.getState().logout();
    expect(bodies).toEqual([{ refresh: ISSUED_TOKENS.refresh }]);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'logged-out',
      endedBy: null,
    });
    expect(readSession()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
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
    expect(readSession()).toBeNull();
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

// What another tab does to the shared cookie, which this tab's memory knows nothing of.
describe('another tab of the page', () => {
  const rotated = { access: 'access-2', refresh: 'refresh-2' };

  it('follows another tab’s logout and login at once, told by the tab itself', async () => {
    act(() => useAuthStore.getState().setSession(session));
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    try {
      Cookies.remove(SESSION_COOKIE, { path: '/' });
      otherTab.postMessage('session-changed');
      await vi.waitFor(() =>
        expect(useAuthStore.getState()).toMatchObject({
          status: 'logged-out',
          endedBy: 'elsewhere',
        }),
      );
      mswServer.use(http.get('*/api/user/details/', () => HttpResponse.json(customer)));
      Cookies.set(SESSION_COOKIE, JSON.stringify(rotated), { path: '/' });
      otherTab.postMessage('session-changed');
      await vi.waitFor(() =>
        expect(useAuthStore.getState()).toMatchObject({
          status: 'logged-in',
          endedBy: null,
        }),
      );
    } finally {
      otherTab.close();
    }
  });

  it('says inactive, not elsewhere, when another tab ended the session for inactivity', async () => {
    act(() => useAuthStore.getState().setSession(session));
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    try {
      localStorage.setItem(END_REASON_KEY, 'inactive');
      Cookies.remove(SESSION_COOKIE, { path: '/' });
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
    act(() => useAuthStore.getState().setSession(session));
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    try {
      Cookies.remove(SESSION_COOKIE, { path: '/' });
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

  it('checks the cookie again when the tab comes back into view', async () => {
    act(() => useAuthStore.getState().setSession(session));
    Cookies.remove(SESSION_COOKIE, { path: '/' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'elsewhere' });
  });
});
