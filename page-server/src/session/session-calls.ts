import { LOGOUT_PATH } from 'shared/session/server-session';
import type { FastifyRequest } from '../http/static-server';
import { type ProviderCall, type ProviderCalls, providerCalls } from './provider-calls';
import { RefreshCoordinator } from './refresh-coordinator';
import { refreshOnce, type SessionCall } from './refresh-once';
import type { ServerSession } from './sealed-session';
import type { SessionContext } from './session-context';

/*
 * The provider's calls made with a session: each under the 401 rule (refresh-once), the
 * refreshes of one token made once per page server (refresh-coordinator).
 */

export interface SessionCalls {
  context: SessionContext;
  /** A call without the session (a visitor's, the login). */
  send: ProviderCalls['send'];
  coordinator: RefreshCoordinator;
  /**
   * One call with the session under the 401 rule; `bodyFor` writes a body that names the
   * session's tokens (logout's refresh).
   */
  withSession(
    request: FastifyRequest,
    start: ServerSession,
    asked: ProviderCall['asked'],
    bodyFor?: (session: ServerSession) => Buffer,
  ): Promise<SessionCall>;
  /** Ends `session` at the provider (its logout, with the refresh token it ends). */
  endAtProvider(
    request: FastifyRequest,
    session: ServerSession,
    asked?: ProviderCall['asked'],
  ): Promise<SessionCall>;
  close(): Promise<void>;
}

/** The logout's body: the refresh token it ends (contract §3). */
const logoutBody = (current: ServerSession) =>
  Buffer.from(JSON.stringify({ refresh: current.refresh }));

export function sessionCalls(
  options: Parameters<typeof providerCalls>[0],
  context: SessionContext,
  nowMs: () => number,
): SessionCalls {
  const provider = providerCalls(options);
  // One per page server: the requests of one session meet here (nginx's affinity).
  const coordinator = new RefreshCoordinator(nowMs);
  const withSession: SessionCalls['withSession'] = (request, start, asked, bodyFor) =>
    refreshOnce(
      start,
      (session) =>
        provider.send(request, {
          asked,
          access: session.access,
          ...(bodyFor ? { body: bodyFor(session), contentType: 'application/json' } : {}),
        }),
      (token) => coordinator.refresh(token, () => provider.refresh(request, token)),
    );
  return {
    context,
    send: provider.send,
    coordinator,
    withSession,
    endAtProvider: (request, session, asked = { post: LOGOUT_PATH }) =>
      withSession(request, session, asked, logoutBody),
    close: async () => provider.close(),
  };
}
