import { type AxiosInstance, type InternalAxiosRequestConfig, isAxiosError } from 'axios';
import {
  clearSession,
  readSession,
  type Session,
  saveSession,
  sessionSchema,
} from 'shared/auth/session-cookie';
import { announceSessionChange, type SessionEndReason } from 'shared/auth/session-events';

export const LOGIN_PATH = '/api/user/api/token/';
export const REFRESH_PATH = '/api/user/token/refresh/';

interface RetriableConfig extends InternalAxiosRequestConfig {
  /** Set once a request has been repeated after a refresh: a second 401 passes through. */
  authRetried?: boolean;
}

function isAuthCall(url: string | undefined): boolean {
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
  announceSessionChange({ type: 'ended', reason });
}

/**
 * The spec's error catalogue (§8) for sessions, on the one axios instance:
 * - `banned_user` on any answer ends the session;
 * - a 401 on any call but login and refresh refreshes the tokens once and repeats the call
 *   once; concurrent 401s share one refresh (the provider rotates refresh tokens, so a second
 *   refresh with the same token would fail and log the customer out);
 * - a refresh answered 401 ends the session; a 401 with no stored session passes through.
 */
export function installSessionInterceptors(client: AxiosInstance): void {
  let refreshing: Promise<Session> | null = null;

  const refresh = async (stale: Session): Promise<Session> => {
    try {
      const response = await client.post<unknown>(REFRESH_PATH, { refresh: stale.refresh });
      const fresh = sessionSchema.parse(response.data);
      saveSession(fresh);
      announceSessionChange({ type: 'refreshed', session: fresh });
      return fresh;
    } catch (error) {
      // Only the provider's "no" ends the session; a network failure or a 5xx may pass.
      if (isAxiosError(error) && error.response?.status === 401) endSession('expired');
      throw error;
    }
  };

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
    if (!current) throw error;
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
