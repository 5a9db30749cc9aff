import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  jti: string;
  expiresAt: Date;
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

  async sign(type: TokenType, userId: number): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ token_type: type, user_id: userId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttl[type])
      .sign(this.key);
  }

  async pair(userId: number): Promise<{ access: string; refresh: string }> {
    return {
      access: await this.sign('access', userId),
      refresh: await this.sign('refresh', userId),
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
      return { userId: payload.user_id, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
