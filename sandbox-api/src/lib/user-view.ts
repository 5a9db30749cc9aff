import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../plugins/auth';
import { settleUserApplications } from './loan-settlement';
import { verificationOf } from './verification';

export const APPLICATION_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'issued',
  'canceled',
] as const;

/** The contract's User. */
export const userViewSchema = z.object({
  id: z.int(),
  personal_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.iso.date(),
  email: z.string(),
  email_verified: z.boolean(),
  phone_number: z.string(),
  phone_verified: z.boolean(),
  photos_status: z.enum(['none', 'pending', 'approved', 'rejected']),
  full_verification: z.boolean(),
  last_loan_application_status: z.enum(APPLICATION_STATUSES).nullable(),
});
export type UserView = z.infer<typeof userViewSchema>;

type ViewedUser = Pick<
  UserRow,
  | 'id'
  | 'personal_number'
  | 'first_name'
  | 'last_name'
  | 'birth_date'
  | 'email'
  | 'email_verified'
  | 'phone_number'
  | 'phone_verified'
>;

/**
 * The User as the contract shows it. Due applications are settled first, so the status shown
 * is the one the loan calls would answer at this moment. Call it outside a transaction: the
 * settlement runs its own.
 */
export async function userView(app: FastifyInstance, user: ViewedUser): Promise<UserView> {
  await settleUserApplications(app, user.id);
  const verification = await verificationOf(
    app.db,
    user,
    app.clock.now(),
    app.config.decisionDelaySeconds,
  );
  const [last] = await app.db.query<{ status: UserView['last_loan_application_status'] }>(
    `SELECT status FROM loan_applications WHERE user_id = $1
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [user.id],
  );
  return {
    id: user.id,
    personal_number: user.personal_number,
    first_name: user.first_name,
    last_name: user.last_name,
    birth_date: user.birth_date,
    email: user.email,
    email_verified: user.email_verified,
    phone_number: user.phone_number,
    phone_verified: user.phone_verified,
    ...verification,
    last_loan_application_status: last?.status ?? null,
  };
}
