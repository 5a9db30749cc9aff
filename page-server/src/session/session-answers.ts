import {
  SESSION_ENDED_CODE,
  SESSION_ENDED_HEADER,
  type ServerEndReason,
} from 'shared/session/server-session';
import { ka } from 'shared/strings/ka';
import type { FastifyReply } from '../http/static-server';
import type { ProviderAnswer } from './provider-calls';

/*
 * How the session gateway answers the page: the provider's answer passed back, less the
 * headers this server writes itself, with the session's own cookies and headers added.
 */

/** Answer headers this server writes itself. */
const NOT_PASSED_BACK = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'trailer',
  'upgrade',
  'set-cookie',
]);

/** What the session adds to an answer. */
export interface SessionAddition {
  cookies?: string[];
  ended?: ServerEndReason;
  /** The answer is one customer's: no shared cache keeps it. */
  session?: boolean;
}

export function replyWith(target: FastifyReply, answer: ProviderAnswer, own: SessionAddition) {
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
}

export const json = (status: number, body: unknown): ProviderAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(body)),
});

/** The body of a call refused because its session ended, and why. */
export const ended = (why: ServerEndReason) => ({
  detail: ka.errors.byCode.token_not_valid,
  code: SESSION_ENDED_CODE,
  reason: why,
});

export const csrfFailed = () =>
  json(403, { detail: ka.errors.byCode.csrf_failed, code: 'csrf_failed' });

/** A request this server could not take itself, answered with DRF's code for it (contract). */
export const refused = (status: 400 | 415, code: 'parse_error' | 'unsupported_media_type') =>
  json(status, { detail: ka.errors.byCode[code], code });
