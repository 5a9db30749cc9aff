import { randomBytes } from 'node:crypto';
import { SESSION_ACTIVITY_PATH, SESSION_STATE_PATH } from 'shared/session/server-session';
import { ka } from 'shared/strings/ka';
import type { FastifyReply, FastifyRequest, StaticServer } from '../http/static-server';
import { type ProviderCall, streamText, tokenPairSchema } from './provider-calls';
import type { TokenPair } from './refresh-coordinator';
import type { ServerSession } from './sealed-session';
import { ended, json, replyWith } from './session-answers';
import type { SessionCalls } from './session-calls';

/*
 * The session's own routes: its clocks (SESSION_STATE_PATH, SESSION_ACTIVITY_PATH), and the
 * login and logout the gateway intercepts on the provider's paths (decision 027). The session
 * comes from the decorator, the CSRF check from its hook: neither is repeated here.
 */

/** The session's clocks; POSTed, the customer's activity, which starts the idle clock again. */
export async function sessionRoutes(app: StaticServer, { calls }: { calls: SessionCalls }) {
  const { context } = calls;
  const sessionState = async (request: FastifyRequest, target: FastifyReply, touch: boolean) => {
    const at = request.sessionAt;
    if (at.kind === 'open') {
      const session = touch ? { ...at.session, used: context.nowS() } : at.session;
      return replyWith(target, json(200, context.stateOf(session)), {
        ...(touch ? { cookies: await context.sessionCookies(request, session) } : {}),
        session: true,
      });
    }
    if (at.kind === 'ended') {
      return replyWith(target, json(401, ended(at.why)), {
        cookies: context.clearedCookies(request),
        ended: at.why,
      });
    }
    return replyWith(
      target,
      json(401, { detail: ka.errors.byCode.not_authenticated, code: 'not_authenticated' }),
      { session: true },
    );
  };
  app.get(SESSION_STATE_PATH, (request, target) => sessionState(request, target, false));
  app.post(SESSION_ACTIVITY_PATH, (request, target) => sessionState(request, target, true));
}

/**
 * The login: the provider's tokens sealed into the session cookie, the page answered with the
 * session's clocks instead. A session the browser held is ended at the provider too: its
 * cookie, replaced here, is no longer the browser's, and a copy of it must not go on.
 */
export async function login(
  calls: SessionCalls,
  request: FastifyRequest,
  target: FastifyReply,
  asked: ProviderCall['asked'],
) {
  const { context } = calls;
  const answer = await calls.send(request, { asked });
  if (answer.status !== 200) return replyWith(target, answer, {});
  const text = Buffer.isBuffer(answer.body)
    ? answer.body.toString()
    : await streamText(answer.body);
  let tokens: TokenPair;
  try {
    tokens = tokenPairSchema.parse(JSON.parse(text));
  } catch {
    return replyWith(
      target,
      json(502, { detail: ka.errors.badAnswer, code: 'invalid_answer' }),
      {},
    );
  }
  const now = context.nowS();
  const session: ServerSession = {
    id: randomBytes(12).toString('base64url'),
    ...tokens,
    began: now,
    used: now,
  };
  const at = request.sessionAt;
  if (at.kind === 'open') endReplaced(calls, request, at.session);
  const { 'content-length': _length, ...headers } = answer.headers;
  return replyWith(
    target,
    { status: 200, headers, body: Buffer.from(JSON.stringify(context.stateOf(session))) },
    { cookies: await context.sessionCookies(request, session), session: true },
  );
}

function endReplaced(calls: SessionCalls, request: FastifyRequest, replaced: ServerSession) {
  calls.coordinator.forget(replaced.refresh);
  calls.endAtProvider(request, replaced).then(
    ({ session }) => calls.coordinator.forget(session.refresh),
    (error: unknown) =>
      request.log.warn({ err: error }, 'login: the replaced session could not be ended'),
  );
}

/** The logout: the cookies cleared whatever happens, the provider told when there is a session. */
export async function logout(
  calls: SessionCalls,
  request: FastifyRequest,
  target: FastifyReply,
  asked: ProviderCall['asked'],
  unreachableBody: unknown,
) {
  const cookies = calls.context.clearedCookies(request);
  const at = request.sessionAt;
  if (at.kind !== 'open') {
    return replyWith(
      target,
      { status: 205, headers: {}, body: Buffer.alloc(0) },
      { cookies, session: true },
    );
  }
  calls.coordinator.forget(at.session.refresh);
  try {
    const { answer, session } = await calls.endAtProvider(request, at.session, asked);
    calls.coordinator.forget(session.refresh);
    return replyWith(target, answer, { cookies, session: true });
  } catch (error) {
    request.log.warn({ err: error }, 'logout: the provider could not be told');
    return replyWith(target, json(502, unreachableBody), { cookies, session: true });
  }
}
