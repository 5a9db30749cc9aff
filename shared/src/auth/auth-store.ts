import { toApiError } from 'shared/api/api-error';
import { postDeviceLog } from 'shared/api/user/device-log';
import { endServerSession, startSession } from 'shared/api/user/server-session';
import type { Credentials } from 'shared/api/user/token';
import { prefetchAccount } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { readEndReason, recordServerClock, writeEndReason } from 'shared/session/session-activity';
import { onOtherTabChange } from 'shared/session/session-broadcast';
import type { Session } from 'shared/session/session-cookie';
import { onSessionEnd, type SessionEndReason } from 'shared/session/session-events';
import { announceSignedIn, forgetSignedIn, isSignedIn } from 'shared/session/signed-in';
import { create } from 'zustand';

export type AuthStatus = 'logged-in' | 'logged-out';

/**
 * Whether a customer is logged in, and why a session ended. The session itself, with its
 * tokens, is the host's server's (decision 027): the page knows only that one exists
 * (shared/session/signed-in).
 */
interface AuthState {
  status: AuthStatus;
  /** Why the provider ended the last session, until the customer dismisses it or logs in. */
  endedBy: SessionEndReason | null;

  /** Logs in; on success loads the customer's data and posts the device log. Rejects with ApiError. */
  login: (credentials: Credentials) => Promise<void>;
  /**
   * Ends the session here at once and asks the server to end it at the provider, whatever the
   * answer. With a reason (the inactivity countdown), this tab and every other tab show why.
   */
  logout: (reason?: SessionEndReason) => Promise<void>;
  /**
   * The server began a session (its cookies are set): the store says so. The tokens are
   * ignored — the page never holds them; the parameter stays for releases that pass it.
   */
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
    forgetSignedIn(endedBy ?? undefined);
    set({ status: 'logged-out', endedBy });
    // Removing the queries also cancels their requests: an answer still on its way is dropped.
    queryClient.clear();
  };

  const begin = () => {
    // A new session: an older session's end reason must not explain the next logout.
    writeEndReason(null);
    set({ status: 'logged-in', endedBy: null });
  };

  onSessionEnd((reason) => {
    if (get().status === 'logged-in') endLocally(reason);
  });

  // Another tab stored or removed the session: this one follows the cookie.
  onOtherTabChange((reason) => {
    const stored = isSignedIn();
    if (get().status === 'logged-in') {
      if (!stored) endLocally(reason ?? readEndReason() ?? 'elsewhere');
    } else if (stored) {
      set({ status: 'logged-in', endedBy: null });
      prefetchAccount().catch((error: unknown) => console.warn('account prefetch failed', error));
    }
  });

  return {
    status: isSignedIn() ? 'logged-in' : 'logged-out',
    endedBy: null,

    login: async (credentials) => {
      try {
        const state = await startSession(credentials);
        recordServerClock(state);
        begin();
        announceSignedIn();
      } catch (error) {
        endLocally(null);
        throw toApiError(error);
      }
      postDeviceLog().catch((error: unknown) => console.warn('device log failed', error));
      await prefetchAccount();
    },
    logout: async (reason) => {
      const had = isSignedIn() || get().status === 'logged-in';
      // Before the cookie goes: the other tabs read it when they hear the change.
      writeEndReason(reason ?? null);
      endLocally(reason ?? null);
      if (!had) return;
      try {
        // The request still carries the sealed cookie: the server ends the session with it.
        await endServerSession();
      } catch (error) {
        console.warn('logout call failed; the session is ended here anyway', error);
      }
    },
    setSession: () => begin(),
    dismissEnded: () => set({ endedBy: null }),
  };
});
