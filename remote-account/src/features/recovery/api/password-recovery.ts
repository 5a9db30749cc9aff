import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export const expiresSchema = z.object({ expires_in: z.int().check(z.positive()) });

/** POST /api/user/user/reset_password/: sends a code by SMS; the same answer for unknown users. */
export function requestPasswordReset(username: string): Promise<{ expires_in: number }> {
  return requestJson(expiresSchema, {
    method: 'POST',
    url: '/api/user/user/reset_password/',
    data: { username },
  });
}

export interface RecoveryInput {
  username: string;
  code: string;
  new_password: string;
}

/** POST /api/user/user/recovery/: sets a new password with the SMS code. */
export async function recoverPassword(input: RecoveryInput): Promise<void> {
  await requestJson(z.looseObject({}), {
    method: 'POST',
    url: '/api/user/user/recovery/',
    data: input,
  });
}
