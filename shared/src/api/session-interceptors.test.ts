import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { fetchLoans } from 'shared/api/loan/loans';
import { REFRESH_LOCK } from 'shared/api/session-interceptors';
import { obtainTokens } from 'shared/api/user/token';
import { fetchUserDetails } from 'shared/api/user/user-details';
import { useAuthStore } from 'shared/auth/auth-store';
import { readSession, SESSION_COOKIE } from 'shared/session/session-cookie';
import { customer } from '../testing/fixtures';
import { createGate } from '../testing/gate';
import { ISSUED_TOKENS, REFRESHED_TOKENS, VALID_USER } from '../testing/handlers/user';
import { mswServer } from '../testing/msw-server';

const tokenNotValid = () =>
  HttpResponse.json(
    { detail: 'ტოკენი არავალიდურია ან ვადაგასულია.', code: 'token_not_valid' },
    { status: 401 },
  );

/**
 * Details answer only the refreshed access token; the first one has expired. The refresh is
 * held until `concurrent` calls have met their 401, so every one of them meets it while the
 * refresh is under way. `refreshed` opens once a call came back with the new token.
 */
function expiredAccessProvider(concurrent = 1) {
  const seen: string[] = [];
  const refreshes: unknown[] = [];
  const refreshAuthorization: (string | null)[] = [];
  const allRefused = createGate();
  const refreshed = createGate();
  mswServer.use(
    http.get('*/api/user/details/', ({ request }) => {
      const authorization = request.headers.get('Authorization') ?? '';
      seen.push(authorization);
      if (authorization === `JWT ${REFRESHED_TOKENS.access}`) {
        refreshed.open();
        return HttpResponse.json(customer);
      }
      if (seen.length >= concurrent) allRefused.open();
      return tokenNotValid();
    }),
    http.post('*/api/user/token/refresh/', async ({ request }) => {
      refreshes.push(await request.json());
      refreshAuthorization.push(request.headers.get('Authorization'));
      await allRefused.passed();
      return HttpResponse.json(REFRESHED_TOKENS);
    }),
  );
  return { seen, refreshes, refreshAuthorization, refreshed };
}

function logIn() {
  useAuthStore.getState().setSession({ ...ISSUED_TOKENS });
}

describe('a 401 on an authorised call', () => {
  it('refreshes with the stored refresh token, then repeats the call with the new access token', async () => {
    logIn();
    const { seen, refreshes, refreshAuthorization } = expiredAccessProvider();
    await expect(fetchUserDetails()).resolves.toEqual(customer);
    expect(refreshes).toEqual([{ refresh: ISSUED_TOKENS.refresh }]);
    // The refresh carries the refresh token alone, not the expired access token.
    expect(refreshAuthorization).toEqual([null]);
    expect(seen).toEqual([`JWT ${ISSUED_TOKENS.access}`, `JWT ${REFRESHED_TOKENS.access}`]);
    expect(readSession()).toEqual(REFRESHED_TOKENS);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'logged-in',
    });
  });

  it('shares one refresh among 20 concurrent calls and repeats each call once', async () => {
    logIn();
    const { seen, refreshes } = expiredAccessProvider(20);
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetchUserDetails()));
    expect(answers).toHaveLength(20);
    expect(answers.every((user) => user.id === customer.id)).toBe(true);
    expect(refreshes).toHaveLength(1);
    expect(seen.filter((h) => h === `JWT ${ISSUED_TOKENS.access}`)).toHaveLength(20);
    expect(seen.filter((h) => h === `JWT ${REFRESHED_TOKENS.access}`)).toHaveLength(20);
  });

  it('repeats a call whose 401 comes back after another call refreshed, without a second refresh', async () => {
    logIn();
    const { refreshes, refreshed } = expiredAccessProvider();
    mswServer.use(
      http.get('*/api/loan/loan/', async ({ request }) => {
        if (request.headers.get('Authorization') === `JWT ${REFRESHED_TOKENS.access}`) {
          return HttpResponse.json([]);
        }
        // The old token's 401 arrives only after the details call's refresh has finished.
        await refreshed.passed();
        return tokenNotValid();
      }),
    );
    const [user, loans] = await Promise.all([fetchUserDetails(), fetchLoans()]);
    expect(user.id).toBe(customer.id);
    expect(loans).toEqual([]);
    expect(refreshes).toHaveLength(1);
  });

  it('passes a second 401 of the repeated call through, without looping', async () => {
    logIn();
    let calls = 0;
    let refreshes = 0;
    mswServer.use(
      http.get('*/api/user/details/', () => {
        calls += 1;
        return tokenNotValid();
      }),
      http.post('*/api/user/token/refresh/', () => {
        refreshes += 1;
        return HttpResponse.json(REFRESHED_TOKENS);
      }),
    );
    await expect(fetchUserDetails()).rejects.toMatchObject({
      status: 401,
      code: 'token_not_valid',
    });
    expect({ calls, refreshes }).toEqual({ calls: 2, refreshes: 1 });
    expect(useAuthStore.getState().status).toBe('logged-in');
  });

  it('logs out and clears the stored user when the refresh itself answers 401', async () => {
    logIn();
    mswServer.use(
      http.get('*/api/user/details/', tokenNotValid),
      http.post('*/api/user/token/refresh/', tokenNotValid),
    );
    await expect(fetchUserDetails()).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
    expect(document.cookie).not.toContain('user=');
    expect(useAuthStore.getState()).toMatchObject({
      status: 'logged-out',
      endedBy: 'expired',
    });
  });

  it('keeps the session when the refresh cannot reach the provider, and says so', async () => {
    logIn();
    mswServer.use(
      http.get('*/api/user/details/', tokenNotValid),
      http.post('*/api/user/token/refresh/', () => HttpResponse.error()),
    );
    await expect(fetchUserDetails()).rejects.toMatchObject({ kind: 'network', status: 500 });
    expect(readSession()).toEqual(ISSUED_TOKENS);
    expect(useAuthStore.getState().status).toBe('logged-in');
  });

  it('passes the error through when there is no refresh token', async () => {
    let refreshes = 0;
    mswServer.use(
      http.post('*/api/user/token/refresh/', () => {
        refreshes += 1;
        return HttpResponse.json(REFRESHED_TOKENS);
      }),
    );
    await expect(fetchUserDetails()).rejects.toMatchObject({
      status: 401,
      code: 'not_authenticated',
    });
    expect(refreshes).toBe(0);
  });

  it('never refreshes for a refused login', async () => {
    logIn();
    let refreshes = 0;
    mswServer.use(
      http.post('*/api/user/token/refresh/', () => {
        refreshes += 1;
        return HttpResponse.json(REFRESHED_TOKENS);
      }),
    );
    await expect(
      obtainTokens({ username: VALID_USER.username, password: 'Wrong1234' }),
    ).rejects.toMatchObject({ status: 401, code: 'no_active_account' });
    expect(refreshes).toBe(0);
  });
});

/** What another tab of the page does to the shared cookie: this tab's memory knows nothing of it. */
function otherTabStores(session: { access: string; refresh: string }) {
  Cookies.set(SESSION_COOKIE, JSON.stringify(session), { path: '/' });
}
function otherTabRemovesSession() {
  Cookies.remove(SESSION_COOKIE, { path: '/' });
}

/** Web Locks as a browser grants them: one holder at a time, in order of asking. */
function installWebLocks() {
  let queue: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  const locks = {
    request: (name: string, work: () => Promise<unknown>) => {
      names.push(name);
      const run = queue.then(work);
      queue = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { locks, names };
}

describe('two tabs, one session', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('carries on with the tokens of the tab whose refresh won, when its own is refused', async () => {
    logIn();
    let refreshes = 0;
    mswServer.use(
      http.get('*/api/user/details/', ({ request }) =>
        request.headers.get('Authorization') === `JWT ${REFRESHED_TOKENS.access}`
          ? HttpResponse.json(customer)
          : tokenNotValid(),
      ),
      // The other tab spent the same refresh token a moment earlier and stored its new pair.
      http.post('*/api/user/token/refresh/', () => {
        refreshes += 1;
        otherTabStores(REFRESHED_TOKENS);
        return tokenNotValid();
      }),
    );
    await expect(fetchUserDetails()).resolves.toEqual(customer);
    expect(refreshes).toBe(1);
    expect(readSession()).toEqual(REFRESHED_TOKENS);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'logged-in',
      endedBy: null,
    });
  });

  it('waits for another tab’s refresh and uses its tokens instead of refreshing again', async () => {
    logIn();
    const { locks, names } = installWebLocks();
    let releaseOtherTab: () => void = () => {};
    // The other tab holds the lock: it is refreshing.
    void locks.request(
      REFRESH_LOCK,
      () =>
        new Promise<void>((resolve) => {
          releaseOtherTab = resolve;
        }),
    );
    const { refreshes } = expiredAccessProvider();
    const details = fetchUserDetails();
    await vi.waitFor(() => expect(names).toHaveLength(2));
    otherTabStores(REFRESHED_TOKENS);
    releaseOtherTab();
    await expect(details).resolves.toEqual(customer);
    expect(refreshes).toEqual([]);
    expect(readSession()).toEqual(REFRESHED_TOKENS);
  });

  it('learns of a logout in another tab from its next 401, and says so', async () => {
    logIn();
    mswServer.use(http.get('*/api/user/details/', tokenNotValid));
    otherTabRemovesSession();
    await expect(fetchUserDetails()).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'elsewhere' });
  });
});

describe('a banned_user answer', () => {
  it.each([403, 401, 400])(
    'clears the stored user and logs out, whatever its status (%i)',
    async (status) => {
      logIn();
      let refreshes = 0;
      mswServer.use(
        http.get('*/api/loan/loan/', () =>
          HttpResponse.json(
            { detail: 'თქვენი ანგარიში დაბლოკილია.', code: 'banned_user' },
            { status },
          ),
        ),
        http.post('*/api/user/token/refresh/', () => {
          refreshes += 1;
          return HttpResponse.json(REFRESHED_TOKENS);
        }),
      );
      await expect(fetchLoans()).rejects.toMatchObject({ status, code: 'banned_user' });
      expect(readSession()).toBeNull();
      expect(refreshes).toBe(0);
      expect(useAuthStore.getState()).toMatchObject({ status: 'logged-out', endedBy: 'banned' });
    },
  );
});
