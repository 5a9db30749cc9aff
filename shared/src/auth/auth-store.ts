import type { ApiError } from 'shared/api/api-error';
import { toApiError } from 'shared/api/api-error';
import { fetchLoans, type Loan } from 'shared/api/loan/loans';
import { postDeviceLog } from 'shared/api/user/device-log';
import { fetchLoanLimit, type LoanLimit } from 'shared/api/user/loan-limit';
import { logout as logoutCall } from 'shared/api/user/logout';
import { type Credentials, obtainTokens } from 'shared/api/user/token';
import { fetchUserDetails, type User } from 'shared/api/user/user-details';
import { clearSession, readSession, type Session, saveSession } from 'shared/auth/session-cookie';
import { onSessionChange, type SessionEndReason } from 'shared/auth/session-events';
import { create } from 'zustand';

export type AuthStatus = 'logged-in' | 'logged-out';

/** One piece of the customer's data as it loads: components show each state. */
export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: ApiError };

const idle = { status: 'idle' } as const;

interface AuthState {
  status: AuthStatus;
  session: Session | null;
  /** Why the provider ended the last session, until the customer dismisses it or logs in. */
  endedBy: SessionEndReason | null;
  user: Loadable<User>;
  /** Null until loaded, and after a failure: the spec ignores loan limit failures. */
  loanLimit: LoanLimit | null;
  loans: Loadable<Loan[]>;

  /** Logs in; on success loads the customer's data and posts the device log. Rejects with ApiError. */
  login: (credentials: Credentials) => Promise<void>;
  /** Posts the refresh token and ends the session whatever the provider answers. */
  logout: () => Promise<void>;
  /** Loads user data, loan limit and loans: after login, and for a session restored from the cookie. */
  loadAccount: () => Promise<void>;
  /** Loads the account once for a logged-in customer whose data nobody has asked for yet. */
  ensureAccount: () => void;
  reloadUser: () => Promise<void>;
  reloadLoans: () => Promise<void>;
  /** A call that answers the customer (verification, profile update) keeps the store current. */
  setUser: (user: User) => void;
  /** Stores a fresh session in the cookie and the store. */
  setSession: (session: Session) => void;
  dismissEnded: () => void;
  /** Forgets the session everywhere: cookie and store. */
  clear: () => void;
}

const initial = readSession();

const loggedOut = {
  status: 'logged-out',
  session: null,
  user: idle,
  loanLimit: null,
  loans: idle,
} as const;

/**
 * The one auth store of the page. It lives in `shared`, which federation shares as a
 * singleton, so the host and every remote read the same instance.
 */
export const useAuthStore = create<AuthState>()((set, get) => {
  // Each session gets a number; an answer that arrives after its session ended is dropped.
  let generation = 0;
  const current = (token: number) => token === generation && get().status === 'logged-in';

  /**
   * Loads one piece. A reload of data already shown keeps showing it (a poll must not blank a
   * half-filled form); if that reload fails, the last answer stays and the failure is logged.
   */
  const load = async <T>(
    fetcher: () => Promise<T>,
    shown: (state: AuthState) => Loadable<T>,
    apply: (result: Loadable<T>) => Partial<AuthState>,
  ): Promise<void> => {
    const token = generation;
    const refreshing = shown(get()).status === 'success';
    if (!refreshing) set(apply({ status: 'loading' }));
    try {
      const data = await fetcher();
      if (current(token)) set(apply({ status: 'success', data }));
    } catch (error) {
      if (!current(token)) return;
      if (refreshing) console.warn('reload failed; the last answer stays shown', error);
      else set(apply({ status: 'error', error: toApiError(error) }));
    }
  };

  const reloadUser = () =>
    load(
      () => fetchUserDetails(),
      (state) => state.user,
      (user) => ({ user }),
    );
  const reloadLoans = () =>
    load(
      () => fetchLoans(),
      (state) => state.loans,
      (loans) => ({ loans }),
    );
  const reloadLoanLimit = async () => {
    const token = generation;
    try {
      const loanLimit = await fetchLoanLimit();
      if (current(token)) set({ loanLimit });
    } catch (error) {
      // Spec §7: loan limit failures are ignored; the limit simply is not shown.
      console.warn('loan limit unavailable', error);
    }
  };

  const endLocally = (endedBy: SessionEndReason | null) => {
    generation += 1;
    clearSession();
    set({ ...loggedOut, endedBy });
  };

  onSessionChange((change) => {
    if (change.type === 'refreshed') set({ session: change.session });
    else if (get().status === 'logged-in') endLocally(change.reason);
  });

  return {
    status: initial ? 'logged-in' : 'logged-out',
    session: initial,
    endedBy: null,
    user: idle,
    loanLimit: null,
    loans: idle,

    login: async (credentials) => {
      try {
        get().setSession(await obtainTokens(credentials));
      } catch (error) {
        endLocally(null);
        throw toApiError(error);
      }
      postDeviceLog().catch((error: unknown) => console.warn('device log failed', error));
      await get().loadAccount();
    },
    logout: async () => {
      const session = get().session;
      endLocally(null);
      if (!session) return;
      try {
        await logoutCall(session);
      } catch (error) {
        console.warn('logout call failed; the session is ended here anyway', error);
      }
    },
    loadAccount: async () => {
      if (get().status !== 'logged-in') return;
      await Promise.all([reloadUser(), reloadLoanLimit(), reloadLoans()]);
    },
    ensureAccount: () => {
      const state = get();
      if (state.status === 'logged-in' && state.user.status === 'idle') void state.loadAccount();
    },
    reloadUser,
    reloadLoans,
    setUser: (user) => set({ user: { status: 'success', data: user } }),
    setSession: (session) => {
      generation += 1;
      saveSession(session);
      set({ status: 'logged-in', session, endedBy: null });
    },
    dismissEnded: () => set({ endedBy: null }),
    clear: () => endLocally(null),
  };
});
