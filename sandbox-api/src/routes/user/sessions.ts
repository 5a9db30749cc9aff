import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Signs a token pair and records the refresh token, so it can be revoked with the others. */
export async function issueSession(
  tx: Queryable,
  app: FastifyInstance,
  userId: number,
): Promise<TokenPair> {
  const pair = await app.tokens.pair(userId);
  const claims = await app.tokens.verify('refresh', pair.refresh);
  if (!claims) throw new Error('a freshly signed refresh token does not verify');
  await tx.query(
    'INSERT INTO outstanding_tokens (jti, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)',
    [claims.jti, userId, claims.expiresAt.toISOString(), app.clock.now().toISOString()],
  );
  return pair;
}

/**
 * Blacklists a refresh token; false when it already was (rotated or logged out), which is
 * also how two racing refreshes of one token are told apart.
 */
export async function blacklist(tx: Queryable, jti: string, expiresAt: Date): Promise<boolean> {
  const rows = await tx.query(
    'INSERT INTO token_blacklist (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING RETURNING jti',
    [jti, expiresAt.toISOString()],
  );
  return rows.length === 1;
}

/**
 * Blacklists every unexpired refresh token the user holds: all sessions end, but `keep` (the
 * session that asked, on a password change).
 */
export async function revokeSessions(
  tx: Queryable,
  userId: number,
  now: Date,
  keep: string | null = null,
): Promise<void> {
  await tx.query(
    `INSERT INTO token_blacklist (jti, expires_at)
     SELECT jti, expires_at FROM outstanding_tokens
      WHERE user_id = $1 AND expires_at > $2 AND ($3::text IS NULL OR jti <> $3::text)
     ON CONFLICT (jti) DO NOTHING`,
    [userId, now.toISOString(), keep],
  );
}
