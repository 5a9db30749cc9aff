import { type AxiosInstance, type InternalAxiosRequestConfig, isAxiosError } from 'axios';
import {
  clearSession,
  readSession,
  type Session,
  saveSession,
  sessionSchema,
} from 'shared/session/session-cookie';
import { announceSessionEnd, type SessionEndReason } from 'shared/session/session-events';

export const LOGIN_PATH = '/api/user/api/token/';
export const REFRESH_PATH = '/api/user/token/refresh/';

interface RetriableConfig extends InternalAxiosRequestConfig {
  /** Set once a request has been repeated after a refresh: a second 401 passes through. */
  authRetried?: boolean;
}

/** Login and refresh: calls that carry no access token, and whose 401 is an answer. */
export function isAuthCall(url: string | undefined): boolean {
  return Boolean(url && (url.endsWith(LOGIN_PATH) || url.endsWith(REFRESH_PATH)));
}

function accessTokenOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('JWT ') ? header.slice(4) : null;
}

function bodyCode(data: unknown): unknown {
  return data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
}

function endSession(reason: SessionEndReason): void {
  clearSession();
  announceSessionEnd(reason);
}

/** The name of the lock every tab of the page's origin takes to refresh the session. */
export const REFRESH_LOCK = 'online-loan:session-refresh';

/**
 * Runs `work` holding the page origin's refresh lock (Web Locks), so two tabs never refresh at
 * once; where the browser has no Web Locks, it runs at once and the refused refresh below
 * makes up for it.
 */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

/** The session another tab stored in place of `stale` (it refreshed first), if any. */
function rotatedElsewhere(stale: Session): Session | null {
  const stored = readSession();
  return stored && stored.refresh !== stale.refresh ? stored : null;
}

/** Thrown when the stored session went away while this tab waited to refresh it. */
class SessionGone extends Error {}

/**
 * The spec's error catalogue (§8) for sessions, on the one axios instance:
 * - `banned_user` on any answer ends the session;
 * - a 401 on any call but login and refresh refreshes the tokens once and repeats the call
 *   once; concurrent 401s share one refresh (the provider rotates refresh tokens, so a second
 *   refresh with the same token would fail and log the customer out);
 * - tabs share the session cookie, so they take turns to refresh (a Web Lock) and each first
 *   re-reads the cookie: tokens another tab has rotated are used, not refreshed again. Where
 *   two refreshes still meet (no Web Locks), the one the provider refuses re-reads the cookie
 *   and carries on with the winner's tokens;
 * - a refresh refused with no newer session stored ends the session; a session another tab
 *   removed (its logout) ends this tab's too; a 401 with no session ever stored passes through.
 */
export function installSessionInterceptors(client: AxiosInstance): void {
  let refreshing: Promise<Session> | null = null;

  const refresh = (stale: Session): Promise<Session> =>
    withRefreshLock(async () => {
      const stored = readSession();
      if (!stored) throw new SessionGone();
      if (stored.refresh !== stale.refresh) return stored;
      try {
        const response = await client.post<unknown>(REFRESH_PATH, { refresh: stale.refresh });
        const fresh = sessionSchema.parse(response.data);
        saveSession(fresh);
        return fresh;
      } catch (error) {
        // Only the provider's "no" ends the session; a network failure or a 5xx may pass.
        if (isAxiosError(error) && error.response?.status === 401) {
          const winner = rotatedElsewhere(stale);
          if (winner) return winner;
          endSession('expired');
        }
        throw error;
      }
    });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || !error.config || !error.response) throw error;
    const config: RetriableConfig = error.config;
    const { response } = error;

    if (bodyCode(response.data) === 'banned_user') {
      if (readSession()) endSession('banned');
      throw error;
    }
    if (response.status !== 401 || isAuthCall(config.url) || config.authRetried) throw error;

    const current = readSession();
    if (!current) {
      // No session stored: if this tab still holds one, another tab logged out (the store
      // ends it then; a visitor's store has none to end).
      endSession('elsewhere');
      throw error;
    }
    config.authRetried = true;

    // Another request (or another tab) refreshed since this one left: use its tokens.
    const sentWith = accessTokenOf(config);
    let session: Session;
    if (sentWith !== null && sentWith !== current.access) {
      session = current;
    } else {
      refreshing ??= refresh(current).finally(() => {
        refreshing = null;
      });
      try {
        session = await refreshing;
      } catch (refreshError) {
        if (refreshError instanceof SessionGone) {
          endSession('elsewhere');
          throw error;
        }
        // Refused: the caller sees its own 401 (the session is gone). Unreachable: the
        // caller sees why, and the session stays for the next try.
        throw isAxiosError(refreshError) && refreshError.response?.status === 401
          ? error
          : refreshError;
      }
    }
    config.headers.set('Authorization', `JWT ${session.access}`);
    return client.request(config);
  });
}
