import { randomBytes } from 'node:crypto';
import type { SessionState } from 'shared/api/user/server-session';
import {
  LOGIN_PATH,
  LOGOUT_PATH,
  REFRESH_PATH,
  SESSION_ACTIVITY_PATH,
  SESSION_ENDED_CODE,
  SESSION_ENDED_HEADER,
  SESSION_STATE_PATH,
  type ServerEndReason,
} from 'shared/session/server-session';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { ka } from 'shared/strings/ka';
import { PROXY_BODY_LIMIT, type ProviderTimeouts } from 'tooling/server/api-proxy';
import { canonicalTarget, isUnder } from '../http/canonical-path';
import { commonSecurityHeaders } from '../http/security-headers';
import type { FastifyReply, FastifyRequest, StaticServer } from '../http/static-server';
import { isOpening } from './page-opening';
import {
  codeOf,
  cookiesOf,
  isWrite,
  type ProviderAnswer,
  type ProviderCall,
  type ProviderCallObserver,
  providerCalls,
  streamText,
  tokenPairSchema,
} from './provider-calls';
import { RefreshCoordinator, type TokenPair } from './refresh-coordinator';
import { openSession, type ServerSession, type SessionLimits, sealSession } from './sealed-session';
import {
  clearedSessionCookie,
  clearedSignedInCookie,
  sessionCookie,
  signedInCookie,
} from './session-cookie';
import type { SessionKeys } from './session-keys';

/*
 * The host's server as the customer's session holder (issue 29, decision 027): every call to
 * the provider passes here. The page sends cookies, never a token; this opens the sealed `user`
 * cookie and sends the provider what the contract asks of every request (`Authorization: JWT`,
 * `X-CSRFToken`, `Accept-Language: ka-ge`), runs the spec's 401 rule (refresh once, repeat
 * once) and writes the rotated tokens back into the cookie. It ends sessions idle or too old,
 * and tells the page why (SESSION_ENDED_HEADER).
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

/** Answer headers this server writes itself. */
const NOT_PASSED_BACK = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'trailer',
  'upgrade',
  'set-cookie',
]);
/** How long the cookies outlive the session's absolute limit (sessionCookies). */
const COOKIE_GRACE_SECONDS = 3600;

type SessionAt =
  | { kind: 'none' }
  | { kind: 'open'; session: ServerSession }
  | { kind: 'ended'; why: ServerEndReason };

const ended = (why: ServerEndReason) => ({
  detail: ka.errors.byCode.token_not_valid,
  code: SESSION_ENDED_CODE,
  reason: why,
});

/** Registers the provider's paths and the session's own (SESSION_STATE_PATH, …) on `app`. */
export async function registerProviderGateway(
  app: StaticServer,
  options: ProviderGatewayOptions,
): Promise<ProviderGateway> {
  const nowMs = options.now ?? Date.now;
  const nowS = () => Math.floor(nowMs() / 1000);
  const { keys, limits } = options;
  const provider = providerCalls(options);
  app.addHook('onClose', async () => provider.close());
  const send = provider.send;
  // One per page server: the requests of one session meet here (nginx's affinity).
  const coordinator = new RefreshCoordinator(nowMs);
  const refreshFor = (request: FastifyRequest, refresh: string) =>
    coordinator.refresh(refresh, () => provider.refresh(request, refresh));

  const secure = (request: FastifyRequest) => request.protocol === 'https';

  const sessionCookies = async (request: FastifyRequest, session: ServerSession) => {
    // The cookies outlive the session by an hour, so the server, not the browser's expiry,
    // ends it, and the page can say why (expired, not "logged out elsewhere").
    const left = session.began + limits.maxSeconds - nowS() + COOKIE_GRACE_SECONDS;
    const sealed = await sealSession(session, keys, limits);
    return [sessionCookie(sealed, secure(request), left), signedInCookie(secure(request), left)];
  };
  const clearedCookies = (request: FastifyRequest) => [
    clearedSessionCookie(secure(request)),
    clearedSignedInCookie(secure(request)),
  ];

  const stateOf = (session: ServerSession): SessionState => ({
    idle_seconds: limits.idleSeconds,
    idle_left_seconds: Math.max(0, limits.idleSeconds - (nowS() - session.used)),
    max_left_seconds: Math.max(0, session.began + limits.maxSeconds - nowS()),
  });

  const sessionOf = async (request: FastifyRequest): Promise<SessionAt> => {
    const raw = cookiesOf(request.headers.cookie).get(SESSION_COOKIE);
    if (!raw) return { kind: 'none' };
    // Only a session this server sealed: the JSON tokens an old release wrote are gone with it,
    // and a cookie made up of someone's tokens is nobody's session (issue 45).
    const opened = await openSession(raw, keys, limits, nowS());
    if (opened.kind === 'open') return { kind: 'open', session: opened.session };
    return {
      kind: 'ended',
      why: opened.kind === 'ended' && opened.why === 'idle' ? 'inactive' : 'expired',
    };
  };

  /** A write made with the session cookie must carry the csrftoken cookie's value (contract §2). */
  const csrfHolds = (request: FastifyRequest) => {
    const cookie = cookiesOf(request.headers.cookie).get('csrftoken');
    const header = request.headers['x-csrftoken'];
    return Boolean(cookie) && header === cookie;
  };

  const reply = (
    target: FastifyReply,
    answer: ProviderAnswer,
    own: { cookies?: string[]; ended?: ServerEndReason; session?: boolean },
  ) => {
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || NOT_PASSED_BACK.has(name)) continue;
      if (name === 'content-length' && Buffer.isBuffer(answer.body)) continue;
      target.header(name, value);
    }
    const fromProvider = answer.headers['set-cookie'];
    const cookies = [
      ...(Array.isArray(fromProvider) ? fromProvider : fromProvider ? [fromProvider] : []),
      ...(own.cookies ?? []),
    ];
    if (cookies.length > 0) target.header('set-cookie', cookies);
    if (own.ended) target.header(SESSION_ENDED_HEADER, own.ended);
    // An answer for one customer is nobody else's: no shared cache keeps it.
    if (own.session || own.ended) target.header('cache-control', 'private, no-store');
    return target.code(answer.status).send(answer.body);
  };

  const json = (status: number, body: unknown): ProviderAnswer => ({
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(body)),
  });

  /**
   * One call with the session: refreshed once and repeated once on a 401 (spec §8); `bodyFor`
   * writes a body that names the session's tokens (logout's refresh).
   */
  const withSession = async (
    request: FastifyRequest,
    start: ServerSession,
    asked: ProviderCall['asked'],
    bodyFor?: (session: ServerSession) => Buffer,
  ): Promise<{
    answer: ProviderAnswer;
    session: ServerSession;
    refused: boolean;
    rotated: boolean;
  }> => {
    const contentType = bodyFor ? 'application/json' : undefined;
    const call = (session: ServerSession) =>
      send(request, {
        asked,
        access: session.access,
        ...(bodyFor ? { body: bodyFor(session) } : {}),
        ...(contentType ? { contentType } : {}),
      });
    let answer = await call(start);
    if (answer.status !== 401) return { answer, session: start, refused: false, rotated: false };
    const outcome = await refreshFor(request, start.refresh);
    if (outcome.kind === 'refused') {
      return { answer: json(401, ended('expired')), session: start, refused: true, rotated: false };
    }
    const session = { ...start, ...outcome.tokens };
    answer = await call(session);
    return { answer, session, refused: false, rotated: true };
  };

  /** The logout's body: the refresh token it ends (contract §3). */
  const logoutBody = (current: ServerSession) =>
    Buffer.from(JSON.stringify({ refresh: current.refresh }));

  /**
   * A session the browser held when it logged in again is ended at the provider too: its
   * cookie, replaced here, is no longer the browser's, and a copy of it must not go on.
   */
  const endReplaced = (request: FastifyRequest, replaced: ServerSession) => {
    coordinator.forget(replaced.refresh);
    withSession(request, replaced, { post: LOGOUT_PATH }, logoutBody).then(
      ({ session }) => coordinator.forget(session.refresh),
      (error: unknown) =>
        request.log.warn({ err: error }, 'login: the replaced session could not be ended'),
    );
  };

  const login = async (
    request: FastifyRequest,
    target: FastifyReply,
    at: SessionAt,
    asked: ProviderCall['asked'],
  ) => {
    const answer = await send(request, { asked });
    if (answer.status !== 200) return reply(target, answer, {});
    const text = Buffer.isBuffer(answer.body)
      ? answer.body.toString()
      : await streamText(answer.body);
    let tokens: TokenPair;
    try {
      tokens = tokenPairSchema.parse(JSON.parse(text));
    } catch {
      return reply(target, json(502, { detail: ka.errors.badAnswer, code: 'invalid_answer' }), {});
    }
    const now = nowS();
    const session: ServerSession = {
      id: randomBytes(12).toString('base64url'),
      ...tokens,
      began: now,
      used: now,
    };
    if (at.kind === 'open') endReplaced(request, at.session);
    const { 'content-length': _length, ...headers } = answer.headers;
    return reply(
      target,
      { status: 200, headers, body: Buffer.from(JSON.stringify(stateOf(session))) },
      { cookies: await sessionCookies(request, session), session: true },
    );
  };

  const logout = async (
    request: FastifyRequest,
    target: FastifyReply,
    at: SessionAt,
    asked: ProviderCall['asked'],
  ) => {
    const cookies = clearedCookies(request);
    if (at.kind !== 'open') {
      return reply(
        target,
        { status: 205, headers: {}, body: Buffer.alloc(0) },
        { cookies, session: true },
      );
    }
    coordinator.forget(at.session.refresh);
    try {
      const { answer, session } = await withSession(request, at.session, asked, logoutBody);
      coordinator.forget(session.refresh);
      return reply(target, answer, { cookies, session: true });
    } catch (error) {
      request.log.warn({ err: error }, 'logout: the provider could not be told');
      return reply(target, json(502, options.unreachableBody), { cookies, session: true });
    }
  };

  const forward = async (request: FastifyRequest, target: FastifyReply) => {
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
        .headers(commonSecurityHeaders(secure(request)))
        .type('text/plain; charset=utf-8')
        .send('Bad request\n');
    }
    const { path } = canonical;
    const asked = { page: canonical.target };
    const at = await sessionOf(request);
    // A write the session authorises (a login is authorised by its credentials, and the
    // provider checks its own CSRF on it).
    const authorisedWrite = at.kind === 'open' && isWrite(request.method) && path !== LOGIN_PATH;
    if (authorisedWrite && !csrfHolds(request)) {
      return reply(
        target,
        json(403, { detail: ka.errors.byCode.csrf_failed, code: 'csrf_failed' }),
        {},
      );
    }
    // The page never refreshes: the tokens are not its to hold (the server refreshes, above).
    if (path === REFRESH_PATH) {
      return reply(
        target,
        json(404, { detail: ka.errors.byCode.not_found, code: 'not_found' }),
        {},
      );
    }
    if (path === LOGIN_PATH && request.method === 'POST') return login(request, target, at, asked);
    if (path === LOGOUT_PATH && request.method === 'POST') {
      return logout(request, target, at, asked);
    }

    if (at.kind === 'none') return reply(target, await send(request, { asked }), {});
    if (at.kind === 'ended') {
      // Whatever asked goes on as a visitor's call; what needed the session says it ended.
      const answer = await send(request, { asked });
      const shown = answer.status === 401 ? json(401, ended(at.why)) : answer;
      return reply(target, shown, { cookies: clearedCookies(request), ended: at.why });
    }
    // A write is the customer's doing: the idle clock starts again (a read may be a poll).
    const used = isWrite(request.method) ? nowS() : at.session.used;
    const start = { ...at.session, used };
    const { answer, session, refused, rotated } = await withSession(request, start, asked);
    if (refused) {
      return reply(target, answer, { cookies: clearedCookies(request), ended: 'expired' });
    }
    if (codeOf(answer) === 'banned_user') {
      coordinator.forget(session.refresh);
      return reply(target, answer, { cookies: clearedCookies(request), ended: 'banned' });
    }
    const changed = rotated || used !== at.session.used;
    return reply(target, answer, {
      ...(changed ? { cookies: await sessionCookies(request, session) } : {}),
      session: true,
    });
  };

  /** The session's clocks; POSTed, the customer's activity, which starts the idle clock again. */
  const sessionState = async (request: FastifyRequest, target: FastifyReply, touch: boolean) => {
    const at = await sessionOf(request);
    if (at.kind === 'open') {
      if (touch && !csrfHolds(request)) {
        return reply(
          target,
          json(403, { detail: ka.errors.byCode.csrf_failed, code: 'csrf_failed' }),
          {},
        );
      }
      const session = touch ? { ...at.session, used: nowS() } : at.session;
      return reply(target, json(200, stateOf(session)), {
        ...(touch ? { cookies: await sessionCookies(request, session) } : {}),
        session: true,
      });
    }
    if (at.kind === 'ended') {
      return reply(target, json(401, ended(at.why)), {
        cookies: clearedCookies(request),
        ended: at.why,
      });
    }
    return reply(
      target,
      json(401, { detail: ka.errors.byCode.not_authenticated, code: 'not_authenticated' }),
      { session: true },
    );
  };

  /**
   * The session a page request carries, for a customer's page rendered on the server (issue
   * 29): its reads of the provider's API asked with the session, and the cookies the page's
   * answer must set (tokens rotated meanwhile, a session ended or refused).
   */
  const pageSession = async (request: FastifyRequest): Promise<PageSession> => {
    const at = await sessionOf(request);
    if (at.kind === 'none') return { kind: 'none', cookies: async () => [] };
    if (at.kind === 'ended') {
      return { kind: 'ended', cookies: async () => clearedCookies(request) };
    }
    // Opening or reloading a page is the customer's doing (decision 022): the idle clock starts
    // again here, and the page is told its clocks with it instead of asking (which needed the
    // API client at once). A prefetch, or a request without fetch metadata, is left to the page.
    const opened = isOpening(request);
    let session = opened ? { ...at.session, used: nowS() } : at.session;
    let changed = opened;
    let ended = false;
    const fetch = async (url: string) => {
      // Only reads of the provider's API, in the path's one spelling (nothing climbs out),
      // never its logout, and only while the session holds.
      const read = canonicalTarget(url);
      if (
        ended ||
        read.kind === 'refused' ||
        !isUnder(read.path, '/api/') ||
        isUnder(read.path, LOGOUT_PATH)
      ) {
        return { status: 404, data: null };
      }
      const result = await withSession(request, session, { get: read.target });
      if (result.refused || codeOf(result.answer) === 'banned_user') {
        ended = true;
        return { status: result.answer.status, data: null };
      }
      if (result.rotated) {
        session = result.session;
        changed = true;
      }
      const { body } = result.answer;
      const text = Buffer.isBuffer(body) ? body.toString('utf8') : await streamText(body);
      try {
        return { status: result.answer.status, data: text ? JSON.parse(text) : null };
      } catch {
        return { status: 502, data: null };
      }
    };
    const cookies = async () =>
      ended ? clearedCookies(request) : changed ? await sessionCookies(request, session) : [];
    const clocks = () => (opened && !ended ? stateOf(session) : undefined);
    return { kind: 'open', fetch, cookies, clocks };
  };

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
    scope.setErrorHandler((error: { statusCode?: number }, request, target) => {
      if (error.statusCode === 413) return target.code(413).send(options.tooLargeBody);
      request.log.warn({ err: error }, 'provider unreachable');
      return target.code(502).send(options.unreachableBody);
    });

    const handle = async (request: FastifyRequest, target: FastifyReply) => {
      try {
        return await forward(request, target);
      } catch (error) {
        request.log.warn({ err: error }, 'provider unreachable');
        return target.code(502).send(options.unreachableBody);
      }
    };
    for (const prefix of options.prefixes) {
      scope.all(prefix, handle);
      scope.all(`${prefix}/*`, handle);
    }
    scope.get(SESSION_STATE_PATH, (request, target) => sessionState(request, target, false));
    scope.post(SESSION_ACTIVITY_PATH, (request, target) => sessionState(request, target, true));
  });
  return { pageSession };
}

/** The session of a page request (ProviderGateway's `pageSession`). */
export type PageSession =
  | { kind: 'none' | 'ended'; cookies: () => Promise<string[]> }
  | {
      kind: 'open';
      /** A GET of the provider's API with the session (`/api/…`, with its query). */
      fetch: (url: string) => Promise<{ status: number; data: unknown }>;
      /** The Set-Cookie values the page's answer carries: after the page's reads. */
      cookies: () => Promise<string[]>;
      /** The session's clocks, when the page's opening counted as activity (isOpening). */
      clocks: () => SessionState | undefined;
    };

export interface ProviderGateway {
  pageSession(request: FastifyRequest): Promise<PageSession>;
}
