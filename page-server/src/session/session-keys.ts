import { createHash, hkdfSync, randomBytes } from 'node:crypto';

/*
 * The keys that seal the session cookie (issue 29): derived from `SESSION_SECRET` with HKDF
 * (RFC 5869), so a secret of any form becomes a 256-bit key, and a second secret
 * (`SESSION_SECRET_PREVIOUS`) is accepted while the first is being rotated in. Without one a
 * development server makes up its own at start: its sessions end when it stops.
 */

/** A secret shorter than this is a password, not a key. */
const MIN_SECRET_LENGTH = 32;
const INFO = 'lender-web session cookie v1';

export interface SessionKey {
  /** Names the key in the sealed value's header, so the right key opens it. */
  id: string;
  key: Uint8Array;
}

export interface SessionKeys {
  /** Seals every new or renewed session. */
  current: SessionKey;
  /** Still opens the sessions sealed before a rotation. */
  previous?: SessionKey;
}

function keyOf(secret: string): SessionKey {
  const key = new Uint8Array(hkdfSync('sha256', secret, '', INFO, 32));
  const id = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return { id, key };
}

function checked(name: string, secret: string): string {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`${name} must be at least ${MIN_SECRET_LENGTH} characters (a random key)`);
  }
  return secret;
}

/** The keys of this environment; production refuses to start without `SESSION_SECRET`. */
export function sessionKeys(env: Record<string, string | undefined>): SessionKeys {
  const secret = env.SESSION_SECRET;
  if (!secret) {
    if (env.NODE_ENV === 'production') {
      throw new Error('SESSION_SECRET is required in production (it seals the session cookie)');
    }
    return { current: keyOf(randomBytes(32).toString('base64url')) };
  }
  const previous = env.SESSION_SECRET_PREVIOUS;
  return {
    current: keyOf(checked('SESSION_SECRET', secret)),
    ...(previous ? { previous: keyOf(checked('SESSION_SECRET_PREVIOUS', previous)) } : {}),
  };
}
