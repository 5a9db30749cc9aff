import { isoDateSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import * as z from 'shared/validation/zod';

export const photosStatusSchema = z.enum(['none', 'pending', 'approved', 'rejected']);
export type PhotosStatus = z.infer<typeof photosStatusSchema>;

export const applicationStatusSchema = z.enum([
  'pending',
  'approved',
  'rejected',
  'issued',
  'canceled',
]);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

export const userSchema = z.object({
  id: z.int(),
  personal_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: isoDateSchema,
  email: z.string(),
  email_verified: z.boolean(),
  phone_number: z.string(),
  phone_verified: z.boolean(),
  photos_status: photosStatusSchema,
  full_verification: z.boolean(),
  last_loan_application_status: z.nullable(applicationStatusSchema),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/user/details/: the logged-in customer. */
export function fetchUserDetails(signal?: AbortSignal): Promise<User> {
  return requestJson(userSchema, { method: 'GET', url: '/api/user/details/', signal });
}

export type UserUpdate = Partial<Pick<User, 'first_name' | 'last_name' | 'email'>>;

/** PATCH /api/user/user/{id}/: a changed e-mail comes back unverified. */
export function updateUser(id: number, update: UserUpdate): Promise<User> {
  return requestJson(userSchema, { method: 'PATCH', url: `/api/user/user/${id}/`, data: update });
}
