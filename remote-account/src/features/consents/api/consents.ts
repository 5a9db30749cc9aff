import { queryOptions } from '@tanstack/react-query';
import { timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import { accountKeys } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';

/**
 * A consent as the provider keeps it (contract v1.2): `terms` and `personal_data` name the
 * documents accepted at registration (none for a customer registered before v1.1, given all
 * the same); `marketing` has no document and is given or withdrawn at once.
 */
export const consentSchema = z.object({
  kind: z.enum(['terms', 'personal_data', 'marketing']),
  document: z.nullable(z.object({ id: z.int(), title: z.string(), version: z.string() })),
  given: z.boolean(),
  given_at: z.nullable(timestampSchema),
  withdrawn_at: z.nullable(timestampSchema),
});
export type Consent = z.infer<typeof consentSchema>;
export type ConsentKind = Consent['kind'];

/** GET /api/user/consents/: always one of each kind. */
export function fetchConsents(signal?: AbortSignal): Promise<Consent[]> {
  return requestJson(z.array(consentSchema), { method: 'GET', url: '/api/user/consents/', signal });
}

/** POST /api/user/consents/marketing/: given or withdrawn at once; the consent comes back. */
export function setMarketingConsent(given: boolean): Promise<Consent> {
  return requestJson(consentSchema, {
    method: 'POST',
    url: '/api/user/consents/marketing/',
    data: { given },
  });
}

/** Under `account`: the session's, cleared with it. */
export const consentsQuery = queryOptions({
  queryKey: [...accountKeys.all, 'consents'] as const,
  queryFn: ({ signal }) => fetchConsents(signal),
});
