import { isAxiosError } from 'axios';
import { ka } from 'shared/strings/ka';
import { z } from 'zod';

export type ApiErrorKind = 'http' | 'network' | 'invalid-answer';

/**
 * The one error shape components see: a status, the provider's code, its message and
 * any field messages. Raw axios errors never leave the API layer.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly fieldErrors: Readonly<Record<string, readonly string[]>> = {},
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

// DRF answers errors as {detail, code} or {field: [messages], non_field_errors: [...]}.
const detailBody = z.object({ detail: z.string(), code: z.string().optional() });
const fieldBody = z.record(z.string(), z.array(z.string()));

function retryAfter(headers: unknown): number | null {
  if (!headers || typeof headers !== 'object') return null;
  const value = (headers as Record<string, unknown>)['retry-after'];
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** Turns anything a call can throw into an ApiError; an error without a status is a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    const response = error.response;
    if (!response) return new ApiError('network', 500, null, ka.errors.network);
    const status = response.status;
    const body: unknown = response.data;
    const detail = detailBody.safeParse(body);
    if (detail.success) {
      return new ApiError(
        'http',
        status,
        detail.data.code ?? null,
        detail.data.detail,
        {},
        retryAfter(response.headers),
      );
    }
    const fields = fieldBody.safeParse(body);
    if (fields.success) {
      const { non_field_errors: nonField = [], ...byField } = fields.data;
      const message = nonField[0] ?? Object.values(byField)[0]?.[0] ?? ka.errors.genericMessage;
      return new ApiError('http', status, null, message, fields.data);
    }
    const message = status >= 500 ? ka.errors.providerUnavailable : ka.errors.genericMessage;
    return new ApiError('http', status, null, message, {}, retryAfter(response.headers));
  }
  return new ApiError('http', 500, null, ka.errors.genericMessage);
}
