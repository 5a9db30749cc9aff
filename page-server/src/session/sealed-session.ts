import { EncryptJWT, errors, jwtDecrypt } from 'jose';
import * as z from 'shared/validation/zod';
import type { SessionKey, SessionKeys } from './session-keys';

/*
 * The customer's session as the host's server keeps it (issue 29): the provider's tokens and
 * the session's times, sealed into the `user` cookie as a JWE (`dir`, A256GCM: encrypted and
 * authenticated, jose) that no script reads — the cookie is HttpOnly — and any page server
 * opens with the same keys. The seal is stateless: the server stores nothing per session.
 */

export interface ServerSession {
  /**
   * Names the session, not the customer: random at login, kept through refreshes. It is in the
   * seal's protected header too (readable, authenticated), where nginx finds it to send a
   * session's requests to one page server.
   */
  id: string;
  access: string;
  refresh: string;
  /** When the customer logged in (epoch seconds): the absolute limit counts from it. */
  began: number;
  /** When the session was last used (epoch seconds): the idle limit counts from it. */
  used: number;
}

export interface SessionLimits {
  /** A session unused this long is ended (`SESSION_IDLE_SECONDS`). */
  idleSeconds: number;
  /** A session this old is ended, however used (`SESSION_MAX_SECONDS`). */
  maxSeconds: number;
}

const claimsSchema = z.object({
  id: z.string().check(z.minLength(1)),
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
  began: z.number(),
  used: z.number(),
});

export type OpenedSession =
  | { kind: 'open'; session: ServerSession }
  /** Sealed by us, but over a limit: the cookie is cleared and the page told why. */
  | { kind: 'ended'; why: 'idle' | 'expired' }
  /** Not a session we sealed (tampered, another key, garbage): cleared, nothing told. */
  | { kind: 'unreadable' };

/** Seals a session with the current key; it expires with the absolute limit. */
export async function sealSession(
  session: ServerSession,
  keys: SessionKeys,
  limits: SessionLimits,
): Promise<string> {
  return new EncryptJWT({ ...session })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: keys.current.id, sid: session.id })
    .setIssuedAt(session.began)
    .setExpirationTime(session.began + limits.maxSeconds)
    .encrypt(keys.current.key);
}

function keyNamed(keys: SessionKeys, id: unknown): SessionKey | undefined {
  return [keys.current, keys.previous].find((key) => key?.id === id);
}

/** Opens a sealed session, and judges it against the limits at `now` (epoch seconds). */
export async function openSession(
  sealed: string,
  keys: SessionKeys,
  limits: SessionLimits,
  now: number,
): Promise<OpenedSession> {
  try {
    const { payload } = await jwtDecrypt(
      sealed,
      (header) => {
        const key = keyNamed(keys, header.kid);
        if (!key) throw new Error('sealed with a key this server does not hold');
        return key.key;
      },
      {
        currentDate: new Date(now * 1000),
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      },
    );
    const session = claimsSchema.parse(payload);
    if (now - session.began >= limits.maxSeconds) return { kind: 'ended', why: 'expired' };
    if (now - session.used > limits.idleSeconds) return { kind: 'ended', why: 'idle' };
    return { kind: 'open', session };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { kind: 'ended', why: 'expired' };
    return { kind: 'unreadable' };
  }
}
