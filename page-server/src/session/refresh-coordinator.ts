import { createHash } from 'node:crypto';

/*
 * The provider rotates refresh tokens: the old one is refused once used. Two tabs whose access
 * token expired at the same moment (the same cookie) would each ask this server to refresh, and
 * the second refresh, with a token the first already rotated, would end the session. So a page
 * server refreshes a token once: whoever asks while a refresh is under way waits for it, and
 * whoever asks with that token soon after (a request that left before the new cookie arrived)
 * gets the same new tokens. nginx sends a session's requests to one page server (decision 027),
 * so this covers two page servers too.
 */

export interface TokenPair {
  access: string;
  refresh: string;
}

export type RefreshOutcome = { kind: 'rotated'; tokens: TokenPair } | { kind: 'refused' };

/** How long a rotation is remembered for a late request with the old token. */
export const REMEMBER_ROTATION_MS = 60_000;
/** Rotations remembered at most: a flood of refreshes cannot grow the map without end. */
const MAX_REMEMBERED = 10_000;

const keyOf = (refresh: string) => createHash('sha256').update(refresh).digest('base64url');

export class RefreshCoordinator {
  private readonly underWay = new Map<string, Promise<RefreshOutcome>>();
  private readonly rotated = new Map<string, { tokens: TokenPair; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The new tokens for `refresh`: `ask` (the provider; it throws when it cannot be reached, and
   * nothing is remembered then) is called once, and its answer shared by whoever asks meanwhile
   * and soon after.
   */
  refresh(refresh: string, ask: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
    const key = keyOf(refresh);
    const remembered = this.rotated.get(key);
    if (remembered && remembered.until > this.now()) {
      return Promise.resolve({ kind: 'rotated', tokens: remembered.tokens });
    }
    const pending = this.underWay.get(key);
    if (pending) return pending;
    const asked = ask()
      .then((outcome) => {
        if (outcome.kind === 'rotated') this.remember(key, outcome.tokens);
        return outcome;
      })
      .finally(() => this.underWay.delete(key));
    this.underWay.set(key, asked);
    return asked;
  }

  /**
   * Forgets every rotation to or from `refresh` (a logout): a cookie copied before it must not
   * find the logged-out tokens here.
   */
  forget(refresh: string): void {
    this.rotated.delete(keyOf(refresh));
    for (const [old, entry] of this.rotated) {
      if (entry.tokens.refresh === refresh) this.rotated.delete(old);
    }
  }

  private remember(key: string, tokens: TokenPair): void {
    const now = this.now();
    for (const [old, entry] of this.rotated) {
      if (entry.until <= now || this.rotated.size >= MAX_REMEMBERED) this.rotated.delete(old);
      else break; // In insertion order: the rest are newer.
    }
    this.rotated.set(key, { tokens, until: now + REMEMBER_ROTATION_MS });
  }
}
