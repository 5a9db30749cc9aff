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
