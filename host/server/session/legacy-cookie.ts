import { randomBytes } from 'node:crypto';
import { tokenPairSchema } from './provider-calls';
import type { ServerSession } from './sealed-session';

/**
 * The `user` cookie as the page wrote it before issue 29 (URI-encoded JSON {access, refresh}):
 * a customer logged in before the deploy stays logged in, and their first call seals it. Kept
 * for one release (decision 010's rule for a change both sides see); decision 027.
 */
export function legacySession(raw: string, now: number): ServerSession | null {
  if (!raw.startsWith('%7B') && !raw.startsWith('{')) return null;
  try {
    const tokens = tokenPairSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    if (!tokens.success) return null;
    return { id: randomBytes(12).toString('base64url'), ...tokens.data, began: now, used: now };
  } catch {
    return null;
  }
}
