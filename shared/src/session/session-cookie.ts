import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import * as z from 'shared/validation/zod';

export { SESSION_COOKIE };

export const sessionSchema = z.object({
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
});
export type Session = z.infer<typeof sessionSchema>;

/*
 * Before issue 29 the page kept the provider's tokens here, as JSON in the `user` cookie. The
 * host's server keeps them now, sealed in that cookie with HttpOnly set (decision 027); the
 * readers and writers of the old cookie went once no release imported them (decision 010).
 * Whether a session exists is shared/session/signed-in.
 */
