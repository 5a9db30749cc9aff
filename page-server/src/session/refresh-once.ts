import type { ProviderAnswer } from './provider-calls';
import type { RefreshOutcome } from './refresh-coordinator';
import type { ServerSession } from './sealed-session';
import { ended, json } from './session-answers';

/** What one call with the session came to. */
export interface SessionCall {
  answer: ProviderAnswer;
  /** The session after the call: rotated when the provider refreshed it. */
  session: ServerSession;
  /** The refresh was refused: the session is over (`answer` says so, 401 `expired`). */
  refused: boolean;
  /** The tokens were rotated: the cookie must be written again. */
  rotated: boolean;
}

/**
 * The spec's 401 rule (§8), in one place: a call refused with 401 is refreshed once and
 * repeated once with the new tokens; a refused refresh ends the session.
 */
export async function refreshOnce(
  start: ServerSession,
  call: (session: ServerSession) => Promise<ProviderAnswer>,
  refresh: (token: string) => Promise<RefreshOutcome>,
): Promise<SessionCall> {
  const first = await call(start);
  if (first.status !== 401)
    return { answer: first, session: start, refused: false, rotated: false };
  const outcome = await refresh(start.refresh);
  if (outcome.kind === 'refused') {
    return { answer: json(401, ended('expired')), session: start, refused: true, rotated: false };
  }
  const session = { ...start, ...outcome.tokens };
  return { answer: await call(session), session, refused: false, rotated: true };
}
