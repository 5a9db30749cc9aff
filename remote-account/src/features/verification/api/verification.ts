import { requestJson } from 'shared/api/request-json';
import { type User, userSchema } from 'shared/api/user/user-details';
import * as z from 'shared/validation/zod';

export const codeSentSchema = z.object({ expires_in: z.int().check(z.positive()) });
export type CodeSent = z.infer<typeof codeSentSchema>;

/** POST /api/user/user/send_email_verification/: a 6-digit code to the customer's e-mail. */
export function sendEmailVerification(): Promise<CodeSent> {
  return requestJson(codeSentSchema, {
    method: 'POST',
    url: '/api/user/user/send_email_verification/',
    data: {},
  });
}

/** POST /api/user/user/verify_email/: answers the customer with the e-mail verified. */
export function verifyEmail(code: string): Promise<User> {
  return requestJson(userSchema, {
    method: 'POST',
    url: '/api/user/user/verify_email/',
    data: { code },
  });
}

/** POST /api/user/user/send_sms/: a code to the customer's phone; 429 with Retry-After within a minute. */
export function sendSmsCode(): Promise<CodeSent> {
  return requestJson(codeSentSchema, { method: 'POST', url: '/api/user/user/send_sms/', data: {} });
}

/** POST /api/user/user/activate_phone_number/: answers the customer with the phone verified. */
export function activatePhoneNumber(code: string): Promise<User> {
  return requestJson(userSchema, {
    method: 'POST',
    url: '/api/user/user/activate_phone_number/',
    data: { code },
  });
}
