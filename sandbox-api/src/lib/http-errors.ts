import { z } from 'zod';

/** What a business error may say beyond detail and code (v1.3: the open order's id). */
export interface ErrorExtras {
  order?: number;
}

/** A DRF-style error a route throws: `{detail, code}` with a status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly extras: ErrorExtras = {},
  ) {
    super(detail);
  }
}

/** A DRF validation error: `{field: [messages], non_field_errors: [...]}`, status 400. */
export class FieldErrors extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: Record<string, string[]>) {
    super('validation failed');
  }
}

/** The wire shapes of the two errors, for the response schemas of every route. */
export const detailErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  /** v1.3's payment_in_progress names the open order. */
  order: z.number().int().optional(),
});
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
/** A 400 is field errors, or {detail, code} (a body that is not even JSON, a rule of the call). */
export const badRequestSchema = z.union([fieldErrorsSchema, detailErrorSchema]);

export const notFound = () => new HttpError(404, 'not_found', 'ვერ მოიძებნა.');
export const fieldError = (field: string, message: string) =>
  new FieldErrors({ [field]: [message] });
