import { queryOptions } from '@tanstack/react-query';
import { isoDateSchema, timestampSchema } from 'shared/api/money-schema';
import { requestJson } from 'shared/api/request-json';
import { accountKeys } from 'shared/query/account-queries';
import * as z from 'shared/validation/zod';

export const COMPLAINT_TOPICS = ['loan', 'payment', 'personal_data', 'service', 'other'] as const;
export type ComplaintTopic = (typeof COMPLAINT_TOPICS)[number];
/** The contract's bounds of a complaint's text, counted after trimming. */
export const COMPLAINT_TEXT_MIN = 20;
export const COMPLAINT_TEXT_MAX = 2000;

/**
 * A complaint as the provider keeps it (contract v1.2): `number` is the case number a customer
 * quotes; `answer_due` is the day a month after it was sent, by which it is answered.
 */
export const complaintSchema = z.object({
  id: z.int(),
  number: z.string(),
  topic: z.enum(COMPLAINT_TOPICS),
  loan: z.nullable(z.int()),
  text: z.string(),
  status: z.enum(['received', 'answered']),
  created_at: timestampSchema,
  answer_due: isoDateSchema,
  answer: z.nullable(z.string()),
  answered_at: z.nullable(timestampSchema),
});
export type Complaint = z.infer<typeof complaintSchema>;
export interface ComplaintAsk {
  topic: ComplaintTopic;
  loan: number | null;
  text: string;
}

/** GET /api/support/complaints/: the customer's complaints, newest first. */
export function fetchComplaints(signal?: AbortSignal): Promise<Complaint[]> {
  return requestJson(z.array(complaintSchema), {
    method: 'GET',
    url: '/api/support/complaints/',
    signal,
  });
}

/**
 * POST /api/support/complaints/: 201 with the complaint; a field error for a text out of its
 * bounds or a loan not the customer's; 429 `throttled` past 3 in 24 hours (Retry-After says
 * when the next may go).
 */
export function sendComplaint(ask: ComplaintAsk): Promise<Complaint> {
  return requestJson(complaintSchema, {
    method: 'POST',
    url: '/api/support/complaints/',
    data: ask,
  });
}

/** Under `account`: the session's, cleared with it. */
export const complaintsQuery = queryOptions({
  queryKey: [...accountKeys.all, 'complaints'] as const,
  queryFn: ({ signal }) => fetchComplaints(signal),
});
