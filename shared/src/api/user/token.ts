import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export const tokenPairSchema = z.object({
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export interface Credentials {
  /** The Georgian personal number, 11 digits. */
  username: string;
  password: string;
}

/**
 * POST /api/user/api/token/: wrong credentials answer 401 `no_active_account`.
 * @deprecated Through the host, the login answers without tokens: shared/api/user/server-session
 * `startSession` (decision 027).
 */
export function obtainTokens(credentials: Credentials): Promise<TokenPair> {
  return requestJson(tokenPairSchema, {
    method: 'POST',
    url: '/api/user/api/token/',
    data: credentials,
  });
}
