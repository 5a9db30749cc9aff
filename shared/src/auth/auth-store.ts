import { toApiError } from 'shared/api/api-error';
import { postDeviceLog } from 'shared/api/user/device-log';
import { logout as logoutCall } from 'shared/api/user/logout';
import { type Credentials, obtainTokens } from 'shared/api/user/token';
import { onOtherTabChange } from 'shared/auth/session-broadcast';
import { clearSession, readSession, type Session, saveSession } from 'shared/auth/session-cookie';
import { onSessionChange, type SessionEndReason } from 'shared/auth/session-events';
import { prefetchAccount } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { create } from 'zustand';

export type AuthStatus = 'logged-in' | 'logged-out';

interface AuthState {
  status: AuthStatus;
  session: Session | null;
  /** Why the provider ended the last session, until the customer dismisses it or logs in. */
  endedBy: SessionEndReason | null;

  /** Logs in; on success loads the customer's data and posts the device log. Rejects with ApiError. */
  login: (credentials: Credentials) => Promise<void>;
  /** Posts the refresh token and ends the session whatever the provider answers. */
  logout: () => Promise<void>;
  /** Stores a fresh session in the cookie and the store. */
  setSession: (session: Session) => void;
  dismissEnded: () => void;
  /** Forgets the session everywhere: cookie, store and every cached answer. */
  clear: () => void;
}

const initial = readSession();

/**
 * The one auth store of the page: the session only. The customer's data is server state in
 * the page's QueryClient (shared/query); this store clears it whenever a session ends, so no
 * answer of an ended session is ever shown to the next one.
 */
export const useAuthStore = create<AuthState>()((set, get) => {
  const endLocally = (endedBy: SessionEndReason | null) => {
    clearSession();
    set({ status: 'logged-out', session: null, endedBy });
    // Removing the queries also cancels their requests: an answer still on its way is dropped.
    queryClient.clear();
  };

  onSessionChange((change) => {
    if (change.type === 'refreshed') set({ session: change.session });
    else if (get().status === 'logged-in') endLocally(change.reason);
  });

  // Another tab stored or removed the session: this one follows the cookie.
  onOtherTabChange(() => {
    const stored = readSession();
    const state = get();
    if (state.status === 'logged-in') {
      if (!stored) endLocally('elsewhere');
      else if (stored.access !== state.session?.access) set({ session: stored });
    } else if (stored) {
      set({ status: 'logged-in', session: stored, endedBy: null });
      prefetchAccount().catch((error: unknown) => console.warn('account prefetch failed', error));
    }
  });

  return {
    status: initial ? 'logged-in' : 'logged-out',
    session: initial,
    endedBy: null,

    login: async (credentials) => {
      try {
        get().setSession(await obtainTokens(credentials));
      } catch (error) {
        endLocally(null);
        throw toApiError(error);
      }
      postDeviceLog().catch((error: unknown) => console.warn('device log failed', error));
      await prefetchAccount();
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
    setSession: (session) => {
      saveSession(session);
      set({ status: 'logged-in', session, endedBy: null });
    },
    dismissEnded: () => set({ endedBy: null }),
    clear: () => endLocally(null),
  };
});

/** Whether a session exists now: what every slice asks the auth store most. */
export function useLoggedIn(): boolean {
  return useAuthStore((state) => state.status === 'logged-in');
}
