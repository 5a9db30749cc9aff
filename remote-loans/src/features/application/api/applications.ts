import { queryOptions } from '@tanstack/react-query';
import { moneySchema, timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import { isOpenApplicationStatus } from 'shared/api/user/open-application';
import { applicationStatusSchema } from 'shared/api/user/user-details';
import * as z from 'shared/validation/zod';

export const applicationSchema = z.object({
  id: z.int(),
  amount: moneySchema,
  term: z.int().check(z.positive()),
  status: applicationStatusSchema,
  monthly_payment: moneySchema,
  created_at: timestampSchema,
  decided_at: z.nullable(timestampSchema),
  rejection_reason: z.nullable(z.string()),
});
export type Application = z.infer<typeof applicationSchema>;

/** An application the provider has not finished with, so it is followed. */
export function isOpen(application: Application | undefined): boolean {
  return isOpenApplicationStatus(application?.status);
}

/** GET /api/loan/loan_application/: the customer's applications, newest first. */
export function fetchApplications(signal?: AbortSignal): Promise<Application[]> {
  return requestJson(z.array(applicationSchema), {
    method: 'GET',
    url: '/api/loan/loan_application/',
    signal,
  });
}

/** While an application is open the list is asked again this often. */
export const APPLICATION_POLL_MS = 3_000;

/**
 * The applications, followed without a reload: polled while the newest is open, asked again
 * when the tab becomes visible (TanStack's focus refetch), quiet once it is decided. Under
 * `account`, so the list goes with the session.
 */
export const applicationsQuery = queryOptions({
  queryKey: ['account', 'applications'] as const,
  queryFn: ({ signal }) => fetchApplications(signal),
  staleTime: 0,
  refetchInterval: (query) => (isOpen(query.state.data?.[0]) ? APPLICATION_POLL_MS : false),
});

export interface ApplicationInput {
  amount: string;
  term: number;
}

/** A valid application's answer; an invalid one is an error. */
export const validApplicationSchema = z.object({ valid: z.literal(true) });

/**
 * POST …/create_loan_validation/: the provider's checks before an application exists. Valid
 * answers 200; a broken business rule is an ApiError whose `code` names it.
 */
export function validateApplication(input: ApplicationInput, signal?: AbortSignal) {
  return requestJson(validApplicationSchema, {
    method: 'POST',
    url: '/api/loan/loan_application/create_loan_validation/',
    data: input,
    signal,
  });
}

export function validationQuery(input: ApplicationInput) {
  return queryOptions({
    queryKey: ['account', 'application-validation', input.amount, input.term] as const,
    queryFn: ({ signal }) => validateApplication(input, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/loan/loan_application/ with the id of the loan terms the customer accepted. */
export function createApplication(
  input: ApplicationInput & { terms_of_contract: number },
): Promise<Application> {
  return requestJson(applicationSchema, {
    method: 'POST',
    url: '/api/loan/loan_application/',
    data: input,
  });
}

/** POST /api/loan/loan_application/{id}/cancel/: only a pending one. */
export function cancelApplication(id: number): Promise<Application> {
  return requestJson(applicationSchema, {
    method: 'POST',
    url: `/api/loan/loan_application/${id}/cancel/`,
    data: {},
  });
}
