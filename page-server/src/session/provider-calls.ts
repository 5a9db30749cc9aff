import type { Readable } from 'node:stream';
import { type Cookies, parseCookie } from 'cookie';
import { PROXY_SECRET_HEADER } from 'release-contract/proxies';
import { REFRESH_PATH, SIGNED_IN_COOKIE } from 'shared/session/server-session';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import * as z from 'shared/validation/zod';
import { Agent, request as undiciRequest } from 'undici';
import type { FastifyRequest } from '../http/static-server';
import { PROVIDER_TIMEOUTS, type ProviderTimeouts } from './provider-limits';
import type { RefreshOutcome } from './refresh-coordinator';

/*
 * The provider's side of the session gateway (decision 027): one call sent as the contract
 * asks of every request, the page's own headers filtered, the session's cookies kept here.
 */

export const tokenPairSchema = z.object({
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
});

/** Request headers never passed on as the client sent them. */
const NOT_PASSED_ON = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Node has answered `Expect: 100-continue` itself, and undici refuses to send it on.
  'expect',
  'host',
  'content-length',
  // Only this server authorises: a page holds no token, and one it claims is not honoured.
  'authorization',
  'cookie',
  'accept-language',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  PROXY_SECRET_HEADER.toLowerCase(),
]);

/** The largest error answer read whole (to find `banned_user` in it). */
const ERROR_BODY_LIMIT = 1024 * 1024;

export const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/**
 * The connection broke before the provider answered (reset, closed by its side, a write on a
 * socket it had closed), as opposed to the provider being down or slow (refused, timed out).
 */
const BROKEN_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);
function isBrokenConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && BROKEN_CONNECTION.has(code);
}

/** The request's cookies, the first of each name (the most specific), as sent: not decoded. */
export const cookiesOf = (header: string | undefined): Cookies =>
  parseCookie(header ?? '', { decode: (value) => value });

export interface ProviderAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Whole for an error (read for its code), streamed otherwise. */
  body: Buffer | Readable;
}

/** An error answer's `code`, if it has one. */
export function codeOf(answer: ProviderAnswer): unknown {
  if (!Buffer.isBuffer(answer.body)) return undefined;
  try {
    return (JSON.parse(answer.body.toString('utf8')) as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}

export async function streamText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** What one call sends besides the page's request: the session's token, a body of its own. */
export interface ProviderCall {
  /**
   * What the provider is asked, each a canonical target (tooling/server/canonical-path), sent
   * as it is: the page's request with its own method (`page`), a read for a customer's page
   * rendered on the server (`get`, no body), or a POST of this server's own (`post`, the old
   * session's logout at a new login).
   */
  asked: { page: string } | { get: string } | { post: string };
  access?: string;
  body?: Buffer;
  contentType?: string;
}

export interface ProviderCalls {
  /** Sends what `call.asked` names to the provider, authorised with `call.access`. */
  send(request: FastifyRequest, call: ProviderCall): Promise<ProviderAnswer>;
  /** Asks the provider to rotate `refresh` (spec §8). */
  refresh(request: FastifyRequest, refresh: string): Promise<RefreshOutcome>;
  close(): Promise<void>;
}

/**
 * Told of each call this server made to the provider: what asked (the API through the
 * gateway, a page's read, a refresh), its status (undefined: no answer) and how long it took.
 */
export type ProviderCallObserver = (
  source: 'api' | 'page' | 'refresh',
  status: number | undefined,
  seconds: number,
) => void;

/** The call's answer, and its status and time told to the observer. */
async function observed<T extends { status: number } | RefreshOutcome>(
  onCall: ProviderCallObserver | undefined,
  source: 'api' | 'page' | 'refresh',
  call: () => Promise<T>,
): Promise<T> {
  if (!onCall) return call();
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const answer = await call();
    const status = 'status' in answer ? answer.status : answer.kind === 'refused' ? 401 : 200;
    onCall(source, status, seconds());
    return answer;
  } catch (error) {
    onCall(source, undefined, seconds());
    throw error;
  }
}

export function providerCalls(options: {
  upstream: string;
  timeouts?: ProviderTimeouts | undefined;
  /** Sent as PROXY_SECRET_HEADER: the embedded sandbox then trusts the X-Forwarded-For. */
  proxySecret?: string | undefined;
  onCall?: ProviderCallObserver | undefined;
}): ProviderCalls {
  const timeouts = options.timeouts ?? PROVIDER_TIMEOUTS;
  const upstream = options.upstream.replace(/\/+$/, '');
  const dispatcher = new Agent({
    connect: { timeout: timeouts.connect },
    headersTimeout: timeouts.headers,
    bodyTimeout: timeouts.body,
  });

  /** Who asked, as the provider learns it from this server (and the secret it trusts). */
  const forwardedFor = (request: FastifyRequest): Record<string, string> => ({
    'accept-language': 'ka-ge',
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
    ...(options.proxySecret ? { [PROXY_SECRET_HEADER.toLowerCase()]: options.proxySecret } : {}),
  });

  const send = async (request: FastifyRequest, call: ProviderCall): Promise<ProviderAnswer> => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || NOT_PASSED_ON.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    // The provider's own cookies (csrftoken) go on; the session's stay here.
    const cookies = Object.entries(cookiesOf(request.headers.cookie))
      .filter(([name]) => name !== '' && name !== SESSION_COOKIE && name !== SIGNED_IN_COOKIE)
      .map(([name, value]) => `${name}=${value}`);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    Object.assign(headers, forwardedFor(request));
    // Answers this server reads (an error's code, a page's reads) must be readable as they come.
    headers['accept-encoding'] = 'identity';
    const { asked } = call;
    const read = 'get' in asked;
    if (read) headers.accept = 'application/json';
    if (call.access) headers.authorization = `JWT ${call.access}`;
    if (call.contentType) headers['content-type'] = call.contentType;
    const method = read ? 'GET' : 'post' in asked ? 'POST' : request.method;
    const body = read
      ? undefined
      : (call.body ?? (Buffer.isBuffer(request.body) ? request.body : undefined));
    if (read) delete headers['content-type'];
    const target = read ? asked.get : 'post' in asked ? asked.post : asked.page;
    const ask = () =>
      undiciRequest(`${upstream}${target}`, {
        method: method as 'GET',
        headers,
        ...(body && isWrite(method) ? { body } : {}),
        dispatcher,
      });
    const answer = await ask().catch((error: unknown) => {
      // A kept-alive connection the provider closed as this request went out fails before any
      // answer: a read is asked once more, on a new connection. A write never is: the provider
      // may have taken it, and money must not move twice.
      if (isWrite(method) || !isBrokenConnection(error)) throw error;
      return ask();
    });
    if (answer.statusCode < 400) {
      return { status: answer.statusCode, headers: answer.headers, body: answer.body };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > ERROR_BODY_LIMIT) throw new Error('the provider answered an error too large');
      chunks.push(chunk as Buffer);
    }
    return { status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks) };
  };

  const refresh = async (request: FastifyRequest, token: string): Promise<RefreshOutcome> => {
    const answer = await undiciRequest(`${upstream}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...forwardedFor(request) },
      body: JSON.stringify({ refresh: token }),
      dispatcher,
    });
    const text = await answer.body.text();
    if (answer.statusCode === 401) return { kind: 'refused' };
    if (answer.statusCode !== 200) throw new Error(`refresh answered ${answer.statusCode}`);
    const parsed = tokenPairSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error('refresh answered without tokens');
    return { kind: 'rotated', tokens: parsed.data };
  };

  return {
    send: (request, call) =>
      observed(options.onCall, 'get' in call.asked ? 'page' : 'api', () => send(request, call)),
    refresh: (request, token) => observed(options.onCall, 'refresh', () => refresh(request, token)),
    close: () => dispatcher.close(),
  };
}
