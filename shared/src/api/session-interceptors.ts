import { type AxiosInstance, isAxiosError } from 'axios';

/** What an answer says that matters here (axios's response, read loosely). */
interface Answer {
  headers?: Record<string, unknown>;
  data?: unknown;
}

import {
  REFRESH_PATH,
  SERVER_END_REASONS,
  SESSION_ENDED_HEADER,
  type ServerEndReason,
} from 'shared/session/server-session';
import { announceSessionEnd, type SessionEndReason } from 'shared/session/session-events';
import { forgetSignedIn, isSignedIn } from 'shared/session/signed-in';

// The same paths as shared/session/server-session's (a test holds them equal), declared here
// as they always were: releases built against this module read them here.
export const LOGIN_PATH = '/api/user/api/token/';

/** Login and refresh: calls that carry no access token, and whose 401 is an answer. */
export function isAuthCall(url: string | undefined): boolean {
  return Boolean(url && (url.endsWith(LOGIN_PATH) || url.endsWith(REFRESH_PATH)));
}

function bodyCode(data: unknown): unknown {
  return data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
}

const SHOWN_AS: Record<ServerEndReason, SessionEndReason> = {
  inactive: 'inactive',
  expired: 'expired',
  banned: 'banned',
};

/** Why the server says the session this request carried has ended, if it says. */
function endedBy(response: Answer | undefined): SessionEndReason | null {
  const header = response?.headers?.[SESSION_ENDED_HEADER.toLowerCase()];
  const said = SERVER_END_REASONS.find((reason) => reason === header);
  if (said) return SHOWN_AS[said];
  return bodyCode(response?.data) === 'banned_user' ? 'banned' : null;
}

function endSession(reason: SessionEndReason): void {
  forgetSignedIn(reason);
  announceSessionEnd(reason);
}

/**
 * The spec's session rules (§8) as the page sees them now that the host's server holds the
 * tokens (decision 027): the server refreshes once and repeats once on a 401, and ends
 * sessions that are idle, too old, refused or banned, saying why on the answer
 * (SESSION_ENDED_HEADER). The page ends its session then, and shows why. A 401 while the page
 * thinks it has a session but the browser holds none means another tab logged out.
 */
export function installSessionInterceptors(client: AxiosInstance): void {
  client.interceptors.response.use(
    (response) => {
      const reason = endedBy(response);
      if (reason) endSession(reason);
      return response;
    },
    (error: unknown) => {
      if (!isAxiosError(error) || !error.response) throw error;
      const reason = endedBy(error.response);
      if (reason) {
        endSession(reason);
      } else if (error.response.status === 401 && !isAuthCall(error.config?.url) && !isSignedIn()) {
        // No session in the browser: if this tab still shows one, another tab ended it (the
        // store ends it then; a visitor's store has none to end).
        announceSessionEnd('elsewhere');
      }
      throw error;
    },
  );
}
