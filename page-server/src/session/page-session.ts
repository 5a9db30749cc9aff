import type { SessionState } from 'shared/api/user/server-session';
import { LOGOUT_PATH } from 'shared/session/server-session';
import { canonicalTarget, isUnder } from '../http/canonical-path';
import type { FastifyRequest } from '../http/static-server';
import { isOpening } from './page-opening';
import { codeOf, streamText } from './provider-calls';
import type { SessionCalls } from './session-calls';

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

/**
 * The session a page request carries, for a customer's page rendered on the server (issue
 * 29): its reads of the provider's API asked with the session, and the cookies the page's
 * answer must set (tokens rotated meanwhile, a session ended or refused).
 */
export async function pageSession(
  calls: SessionCalls,
  request: FastifyRequest,
): Promise<PageSession> {
  const { context } = calls;
  const at = await context.sessionOf(request);
  if (at.kind === 'none') return { kind: 'none', cookies: async () => [] };
  if (at.kind === 'ended') {
    return { kind: 'ended', cookies: async () => context.clearedCookies(request) };
  }
  // Opening or reloading a page is the customer's doing (decision 022): the idle clock starts
  // again here, and the page is told its clocks with it instead of asking (which needed the
  // API client at once). A prefetch, or a request without fetch metadata, is left to the page.
  const opened = isOpening(request);
  let session = opened ? { ...at.session, used: context.nowS() } : at.session;
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
    const result = await calls.withSession(request, session, { get: read.target });
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
    ended
      ? context.clearedCookies(request)
      : changed
        ? await context.sessionCookies(request, session)
        : [];
  const clocks = () => (opened && !ended ? context.stateOf(session) : undefined);
  return { kind: 'open', fetch, cookies, clocks };
}
