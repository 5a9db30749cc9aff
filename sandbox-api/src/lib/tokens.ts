import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  jti: string;
  expiresAt: Date;
  /** An access token's session: the jti of the refresh token signed with it. */
  sessionId?: string;
}

/** simplejwt-style HS256 tokens: `token_type`, `user_id`, `jti`, `exp`. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttl: Record<TokenType, number>,
    private readonly now: () => Date,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    type: TokenType,
    userId: number,
    ids: { jti?: string; sessionId?: string } = {},
  ): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const claims = {
      token_type: type,
      user_id: userId,
      ...(ids.sessionId ? { sid: ids.sessionId } : {}),
    };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(ids.jti ?? randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttl[type])
      .sign(this.key);
  }

  /**
   * An access and a refresh token. The access token names its session (`sid`, the refresh
   * token's jti), so a password change can end every session but the one that made it.
   */
  async pair(userId: number): Promise<{ access: string; refresh: string }> {
    const sessionId = randomUUID();
    return {
      access: await this.sign('access', userId, { sessionId }),
      refresh: await this.sign('refresh', userId, { jti: sessionId }),
    };
  }

  /** The claims of a valid token of this type, or null (bad signature, expired, wrong type). */
  async verify(type: TokenType, token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      if (
        payload.token_type !== type ||
        typeof payload.user_id !== 'number' ||
        !payload.jti ||
        !payload.exp
      ) {
        return null;
      }
      return {
        userId: payload.user_id,
        jti: payload.jti,
        expiresAt: new Date(payload.exp * 1000),
        ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
