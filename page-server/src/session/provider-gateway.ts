import {
  LOGIN_PATH,
  LOGOUT_PATH,
  REFRESH_PATH,
  SESSION_STATE_PATH,
} from 'shared/session/server-session';
import { ka } from 'shared/strings/ka';
import { canonicalTarget, isUnder } from '../http/canonical-path';
import { commonSecurityHeaders } from '../http/security-headers';
import type { FastifyReply, FastifyRequest, StaticServer } from '../http/static-server';
import { csrfHook } from './csrf-hook';
import { type PageSession, pageSession } from './page-session';
import { codeOf, isWrite, type ProviderAnswer, type ProviderCallObserver } from './provider-calls';
import { PROXY_BODY_LIMIT, type ProviderTimeouts } from './provider-limits';
import type { SessionLimits } from './sealed-session';
import { ended, json, refused, replyWith } from './session-answers';
import { type SessionCalls, sessionCalls } from './session-calls';
import { sessionContext } from './session-context';
import { sessionDecorator } from './session-decorator';
import type { SessionKeys } from './session-keys';
import { login, logout, sessionRoutes } from './session-routes';

/*
 * The host's server as the customer's session holder (issue 29, decision 027): every call to
 * the provider passes here. The page sends cookies, never a token; this opens the sealed `user`
 * cookie and sends the provider what the contract asks of every request (`Authorization: JWT`,
 * `X-CSRFToken`, `Accept-Language: ka-ge`), runs the spec's 401 rule (refresh once, repeat
 * once) and writes the rotated tokens back into the cookie. It ends sessions idle or too old,
 * and tells the page why (SESSION_ENDED_HEADER).
 *
 * Composed of Fastify plugins, in order: the session decorator (the sealed session opened once
 * per request), the CSRF hook (one `onRequest` check of every write), the session's routes,
 * and the provider's paths passed on below.
 */

export interface ProviderGatewayOptions {
  /** The provider's base address. */
  upstream: string;
  /**
   * The provider's folders, e.g. ['/api', '/media']: a request's canonical path under one of
   * them is forwarded as it is (tooling/server/canonical-path), anything else refused.
   */
  prefixes: readonly string[];
  keys: SessionKeys;
  limits: SessionLimits;
  /** The JSON body answered with status 502 when the provider cannot be reached. */
  unreachableBody: unknown;
  /** The JSON body answered with status 413 to a request body over PROXY_BODY_LIMIT. */
  tooLargeBody: unknown;
  timeouts?: ProviderTimeouts;
  /** Sent as PROXY_SECRET_HEADER: the embedded sandbox then trusts the X-Forwarded-For. */
  proxySecret?: string;
  /** Told of each call to the provider, for the page server's metrics (provider-calls). */
  onCall?: ProviderCallObserver;
  /** The clock, in ms (tests move it). */
  now?: () => number;
}

export type { PageSession };

export interface ProviderGateway {
  pageSession(request: FastifyRequest): Promise<PageSession>;
}

/** Registers the provider's paths and the session's own (SESSION_STATE_PATH, …) on `app`. */
export async function registerProviderGateway(
  app: StaticServer,
  options: ProviderGatewayOptions,
): Promise<ProviderGateway> {
  const nowMs = options.now ?? Date.now;
  const context = sessionContext(options.keys, options.limits, nowMs);
  const calls = sessionCalls(options, context, nowMs);
  app.addHook('onClose', async () => calls.close());

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('onRequest', async (request, target) => {
      if (Number(request.headers['content-length'] ?? 0) > PROXY_BODY_LIMIT) {
        target.header('Connection', 'close');
        return target.code(413).send(options.tooLargeBody);
      }
    });
    scope.setErrorHandler((error: { statusCode?: number; code?: string }, request, target) => {
      if (error.statusCode === 413) return target.code(413).send(options.tooLargeBody);
      const refusal = ownRefusal(error);
      if (refusal) {
        // The request's own fault, told to the page: nothing for an operator to act on.
        request.log.info({ code: error.code }, 'the gateway refused the request');
        return replyWith(target, refusal, {});
      }
      // What else arrives here is a provider's answer that broke off before its first byte.
      request.log.warn({ err: error }, 'provider unreachable');
      return target.code(502).send(options.unreachableBody);
    });
    await scope.register(sessionDecorator, { context });
    await scope.register(csrfHook, { paths: [...options.prefixes, SESSION_STATE_PATH] });
    await scope.register(sessionRoutes, { calls });
    await scope.register(providerRoutes, { calls, options });
  });
  return { pageSession: (request) => pageSession(calls, request) };
}

/**
 * Fastify's own refusal of a request it could not take in (its status 4xx: a Content-Type it
 * cannot read, a body shorter than its Content-Length, a client gone mid-body), in the
 * contract's shape: the request never reached the provider, so it is not the provider's 502.
 */
function ownRefusal(error: { statusCode?: number }): ProviderAnswer | undefined {
  const status = error.statusCode ?? 0;
  if (status < 400 || status >= 500) return undefined;
  // DRF answers a Content-Type it has no parser for the same way (UnsupportedMediaType).
  if (status === 415) return refused(415, 'unsupported_media_type');
  return refused(400, 'parse_error');
}

/** The provider's folders, passed on with the session; the login and logout intercepted. */
async function providerRoutes(
  app: StaticServer,
  { calls, options }: { calls: SessionCalls; options: ProviderGatewayOptions },
) {
  const handle = async (request: FastifyRequest, target: FastifyReply) => {
    try {
      return await forward(calls, options, request, target);
    } catch (error) {
      request.log.warn({ err: error }, 'provider unreachable');
      return target.code(502).send(options.unreachableBody);
    }
  };
  for (const prefix of options.prefixes) {
    app.all(prefix, handle);
    app.all(`${prefix}/*`, handle);
  }
}

async function forward(
  calls: SessionCalls,
  options: ProviderGatewayOptions,
  request: FastifyRequest,
  target: FastifyReply,
) {
  const { context } = calls;
  // Decided once, on the path's one spelling: what the login and refresh are, and what the
  // provider is asked. A path that climbs out of the provider's folders, or that another
  // reader could read another way, never leaves (decision 033).
  const canonical = canonicalTarget(request.url);
  if (
    canonical.kind === 'refused' ||
    !options.prefixes.some((folder) => isUnder(canonical.path, folder))
  ) {
    return target
      .code(400)
      .headers(commonSecurityHeaders(request.protocol === 'https'))
      .type('text/plain; charset=utf-8')
      .send('Bad request\n');
  }
  const { path } = canonical;
  const asked = { page: canonical.target };
  // The page never refreshes: the tokens are not its to hold (the server refreshes, above).
  if (path === REFRESH_PATH) {
    return replyWith(
      target,
      json(404, { detail: ka.errors.byCode.not_found, code: 'not_found' }),
      {},
    );
  }
  if (path === LOGIN_PATH && request.method === 'POST') {
    return login(calls, request, target, asked);
  }
  if (path === LOGOUT_PATH && request.method === 'POST') {
    return logout(calls, request, target, asked, options.unreachableBody);
  }

  const at = request.sessionAt;
  if (at.kind === 'none') return replyWith(target, await calls.send(request, { asked }), {});
  if (at.kind === 'ended') {
    // Whatever asked goes on as a visitor's call; what needed the session says it ended.
    const answer = await calls.send(request, { asked });
    const shown = answer.status === 401 ? json(401, ended(at.why)) : answer;
    return replyWith(target, shown, { cookies: context.clearedCookies(request), ended: at.why });
  }
  // A write is the customer's doing: the idle clock starts again (a read may be a poll).
  const used = isWrite(request.method) ? context.nowS() : at.session.used;
  const start = { ...at.session, used };
  const { answer, session, refused, rotated } = await calls.withSession(request, start, asked);
  if (refused) {
    return replyWith(target, answer, {
      cookies: context.clearedCookies(request),
      ended: 'expired',
    });
  }
  if (codeOf(answer) === 'banned_user') {
    calls.coordinator.forget(session.refresh);
    return replyWith(target, answer, { cookies: context.clearedCookies(request), ended: 'banned' });
  }
  const changed = rotated || used !== at.session.used;
  return replyWith(target, answer, {
    ...(changed ? { cookies: await context.sessionCookies(request, session) } : {}),
    session: true,
  });
}
