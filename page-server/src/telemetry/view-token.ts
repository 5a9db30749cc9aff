import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { isRemoteName, type RemoteName } from 'release-contract/remotes';
import {
  RELEASE_PATTERN,
  releaseOfManifest,
  VIEW_TOKEN_PATTERN,
} from 'release-contract/rum-events';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import * as z from 'shared/validation/zod';
import type { SessionKey, SessionKeys } from '../session/session-keys';

/*
 * A page view's token (decision 034): what the page server that sent a page says of it — a
 * view of its own, until when it may report, and the release of each slice it was given (a
 * canary's bucket, the canary's). Authenticated with a key every page server derives from the
 * deployment's SESSION_SECRET under a label of its own, so no browser can make one, and any
 * page server checks what another issued. Not secret: the page reads it, the claims are labels.
 */

/** How long a page's beacons count: its first screen's and a while of use; later ones are apart. */
export const VIEW_TOKEN_TTL_SECONDS = 30 * 60;
/** The HKDF label: the session's key and this one never open each other's values. */
const INFO = 'lender-web rum view token v1';

export interface ViewClaims {
  /** The view, random: its budget is kept under this. */
  id: string;
  /** Until when (Unix seconds) its beacons count. */
  exp: number;
  /** Each slice's release on the page. */
  releases: Partial<Record<RemoteName, string>>;
}

const claimsSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/)),
  exp: z.number().check(z.int()),
  releases: z
    .record(z.string(), z.string().check(z.regex(RELEASE_PATTERN)))
    .check(z.refine((releases) => Object.keys(releases).every(isRemoteName))),
});

export type ViewCheck =
  | { kind: 'valid'; claims: ViewClaims }
  | { kind: 'forged' }
  | { kind: 'expired' };

export interface ViewTokens {
  /** A token for a page sent with this configuration. */
  issue(config: RuntimeConfig): string;
  /** What a beacon's token is worth: claims of a view, or nothing. */
  check(token: string): ViewCheck;
}

const keyOf = (session: SessionKey) => hkdfSync('sha256', session.key, '', INFO, 32);
const mac = (key: ArrayBuffer, payload: string) =>
  createHmac('sha256', Buffer.from(key)).update(payload).digest();

/**
 * The page servers' view tokens, keyed from the session's keys (the previous one still checks
 * what was issued before a rotation). `now` is Unix seconds (a test moves it).
 */
export function viewTokens(
  session: SessionKeys,
  now: () => number = () => Math.floor(Date.now() / 1000),
): ViewTokens {
  const current = keyOf(session.current);
  const keys = [current, ...(session.previous ? [keyOf(session.previous)] : [])];
  return {
    issue(config) {
      const claims: ViewClaims = {
        id: randomBytes(16).toString('base64url'),
        exp: now() + VIEW_TOKEN_TTL_SECONDS,
        releases: Object.fromEntries(
          config.remotes.map((remote) => [remote.name, releaseOfManifest(remote.manifestUrl)]),
        ),
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(current, payload).toString('base64url')}`;
    },
    check(token) {
      if (!VIEW_TOKEN_PATTERN.test(token)) return { kind: 'forged' };
      const [payload = '', signature = ''] = token.split('.');
      const given = Buffer.from(signature, 'base64url');
      const signed = keys.some((key) => {
        const expected = mac(key, payload);
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (!signed) return { kind: 'forged' };
      let parsed: ReturnType<typeof claimsSchema.safeParse>;
      try {
        parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
      } catch {
        return { kind: 'forged' };
      }
      if (!parsed.success) return { kind: 'forged' };
      if (parsed.data.exp <= now()) return { kind: 'expired' };
      return { kind: 'valid', claims: parsed.data as ViewClaims };
    },
  };
}
