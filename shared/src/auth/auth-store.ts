import { clearSession, readSession, type Session, saveSession } from 'shared/auth/session-cookie';
import { create } from 'zustand';

export type AuthStatus = 'logged-in' | 'logged-out';

interface AuthState {
  status: AuthStatus;
  session: Session | null;
  /** Stores a fresh session (login or token refresh) in the cookie and the store. */
  setSession: (session: Session) => void;
  /** Forgets the session everywhere: cookie and store. */
  clear: () => void;
}

const initial = readSession();

/**
 * The one auth store of the page. It lives in `shared`, which federation shares as a
 * singleton, so the host and every remote read the same instance.
 */
export const useAuthStore = create<AuthState>()((set) => ({
  status: initial ? 'logged-in' : 'logged-out',
  session: initial,
  setSession: (session) => {
    saveSession(session);
    set({ status: 'logged-in', session });
  },
  clear: () => {
    clearSession();
    set({ status: 'logged-out', session: null });
  },
}));
