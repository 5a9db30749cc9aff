import { toApiError } from 'shared/api/api-error';
import { postDeviceLog } from 'shared/api/user/device-log';
import { logout as logoutCall } from 'shared/api/user/logout';
import { type Credentials, obtainTokens } from 'shared/api/user/token';
import { prefetchAccount } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { readEndReason, writeEndReason } from 'shared/session/session-activity';
import { onOtherTabChange } from 'shared/session/session-broadcast';
import {
  clearSession,
  readSession,
  type Session,
  saveSession,
} from 'shared/session/session-cookie';
import { onSessionEnd, type SessionEndReason } from 'shared/session/session-events';
import { create } from 'zustand';

export type AuthStatus = 'logged-in' | 'logged-out';

/**
 * Whether a customer is logged in, and why a session ended. The session itself is the cookie
 * (shared/session/session-cookie), read there by whoever needs the tokens: a copy here would be
 * one more thing to keep in step with a refresh.
 */
interface AuthState {
  status: AuthStatus;
  /** Why the provider ended the last session, until the customer dismisses it or logs in. */
  endedBy: SessionEndReason | null;

  /** Logs in; on success loads the customer's data and posts the device log. Rejects with ApiError. */
  login: (credentials: Credentials) => Promise<void>;
  /**
   * Posts the refresh token and ends the session whatever the provider answers. With a reason
   * (the inactivity countdown), this tab and every other tab show why.
   */
  logout: (reason?: SessionEndReason) => Promise<void>;
  /** Stores a fresh session in the cookie and the store. */
  setSession: (session: Session) => void;
  dismissEnded: () => void;
}

/**
 * The one auth store of the page: whether there is a session. The customer's data is server state in
 * the page's QueryClient (shared/query); this store clears it whenever a session ends, so no
 * answer of an ended session is ever shown to the next one.
 */
export const useAuthStore = create<AuthState>()((set, get) => {
  const endLocally = (endedBy: SessionEndReason | null) => {
    clearSession(endedBy ?? undefined);
    set({ status: 'logged-out', endedBy });
    // Removing the queries also cancels their requests: an answer still on its way is dropped.
    queryClient.clear();
  };

  onSessionEnd((reason) => {
    if (get().status === 'logged-in') endLocally(reason);
  });

  // Another tab stored or removed the session: this one follows the cookie.
  onOtherTabChange((reason) => {
    const stored = readSession();
    if (get().status === 'logged-in') {
      if (!stored) endLocally(reason ?? readEndReason() ?? 'elsewhere');
    } else if (stored) {
      set({ status: 'logged-in', endedBy: null });
      prefetchAccount().catch((error: unknown) => console.warn('account prefetch failed', error));
    }
  });

  return {
    status: readSession() ? 'logged-in' : 'logged-out',
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
    logout: async (reason) => {
      const session = readSession();
      // Before the cookie goes: the other tabs read it when they hear the change.
      writeEndReason(reason ?? null);
      endLocally(reason ?? null);
      if (!session) return;
      try {
        await logoutCall(session);
      } catch (error) {
        console.warn('logout call failed; the session is ended here anyway', error);
      }
    },
    setSession: (session) => {
      // A new session: an older session's end reason must not explain the next logout.
      writeEndReason(null);
      saveSession(session);
      set({ status: 'logged-in', endedBy: null });
    },
    dismissEnded: () => set({ endedBy: null }),
  };
});
