import { act } from '@testing-library/react';
import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { customer, loanLimit, loans } from '../testing/fixtures';
import { ISSUED_TOKENS, VALID_USER } from '../testing/handlers/user';
import { mswServer } from '../testing/msw-server';
import { useAuthStore } from './auth-store';
import { readSession, SESSION_COOKIE, saveSession } from './session-cookie';

const session = { access: 'access-1', refresh: 'refresh-1' };

describe('the auth store', () => {
  it('starts logged out when the page loads without a session cookie', () => {
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', session: null });
  });

  it('starts logged in when the page loads with a session cookie', async () => {
    saveSession(session);
    vi.resetModules();
    const { useAuthStore: freshStore } = await import('./auth-store');
    expect(freshStore.getState()).toMatchObject({ status: 'logged-in', session });
  });

  it('setSession stores the session in the cookie and logs in', () => {
    act(() => useAuthStore.getState().setSession(session));
    expect(readSession()).toEqual(session);
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-in', session });
  });

  it('clear removes the cookie and logs out', () => {
    act(() => useAuthStore.getState().setSession(session));
    act(() => useAuthStore.getState().clear());
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', session: null });
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
    const state = useAuthStore.getState();
    expect(state).toMatchObject({
      status: 'logged-in',
      session: ISSUED_TOKENS,
      user: { status: 'success', data: customer },
      loanLimit,
      loans: { status: 'success', data: loans },
    });
    expect(readSession()).toEqual(ISSUED_TOKENS);
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
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', session: null });
    expect(readSession()).toBeNull();
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

  it('ignores a failed loan limit: the rest of the account still loads', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mswServer.use(
      http.get('*/api/user/user/loan_limit/', () =>
        HttpResponse.json({ detail: 'შეცდომა.', code: 'error' }, { status: 500 }),
      ),
    );
    await useAuthStore.getState().login(VALID_USER);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'logged-in',
      loanLimit: null,
      user: { status: 'success' },
      loans: { status: 'success' },
    });
  });

  it('keeps a failed user data load as an error the page can retry', async () => {
    mswServer.use(http.get('*/api/user/details/', () => HttpResponse.json({ unexpected: true })));
    await useAuthStore.getState().login(VALID_USER);
    expect(useAuthStore.getState().user).toMatchObject({
      status: 'error',
      error: { kind: 'invalid-answer' },
    });
    mswServer.resetHandlers();
    await useAuthStore.getState().reloadUser();
    expect(useAuthStore.getState().user).toEqual({ status: 'success', data: customer });
  });

  it('keeps showing the loaded customer while reloading, and after a failed reload', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await useAuthStore.getState().login(VALID_USER);
    const updated = { ...customer, email_verified: true };
    mswServer.use(
      http.get('*/api/user/details/', () => HttpResponse.json(updated), { once: true }),
    );
    const reload = useAuthStore.getState().reloadUser();
    expect(useAuthStore.getState().user).toEqual({ status: 'success', data: customer });
    await reload;
    expect(useAuthStore.getState().user).toEqual({ status: 'success', data: updated });

    mswServer.use(http.get('*/api/user/details/', () => HttpResponse.error()));
    await useAuthStore.getState().reloadUser();
    expect(useAuthStore.getState().user).toEqual({ status: 'success', data: updated });
    expect(warn).toHaveBeenCalled();
  });

  it('loads the account of a session restored from the cookie', async () => {
    act(() => useAuthStore.getState().setSession(ISSUED_TOKENS));
    await useAuthStore.getState().loadAccount();
    expect(useAuthStore.getState().user).toEqual({ status: 'success', data: customer });
  });
});

describe('logging out', () => {
  it('posts the refresh token and ends the session', async () => {
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
      session: null,
      user: { status: 'idle' },
      loanLimit: null,
      loans: { status: 'idle' },
      endedBy: null,
    });
    expect(readSession()).toBeNull();
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
    let release: () => void = () => undefined;
    mswServer.use(
      http.get('*/api/user/details/', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(customer);
      }),
    );
    const login = useAuthStore.getState().login(VALID_USER);
    await vi.waitFor(() => expect(useAuthStore.getState().user.status).toBe('loading'), {
      timeout: 5_000,
    });
    await useAuthStore.getState().logout();
    release();
    await login;
    expect(useAuthStore.getState()).toMatchObject({
      status: 'logged-out',
      user: { status: 'idle' },
    });
  });
});

describe('ensureAccount', () => {
  it('loads the account once for a logged-in customer, and nothing for a visitor', async () => {
    let detailCalls = 0;
    mswServer.use(
      http.get('*/api/user/details/', () => {
        detailCalls += 1;
        return HttpResponse.json(customer);
      }),
    );
    useAuthStore.getState().ensureAccount();
    expect(useAuthStore.getState().user.status).toBe('idle');

    act(() => useAuthStore.getState().setSession(ISSUED_TOKENS));
    useAuthStore.getState().ensureAccount();
    useAuthStore.getState().ensureAccount();
    await vi.waitFor(() => expect(useAuthStore.getState().loans.status).toBe('success'), {
      timeout: 5_000,
    });
    expect(detailCalls).toBe(1);
  });
});
