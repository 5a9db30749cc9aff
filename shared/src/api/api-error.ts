import type { AxiosError } from 'axios';
import { format, ka } from 'shared/strings/ka';
import * as z from 'shared/validation/zod';

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
const detailBody = z.object({ detail: z.string(), code: z.optional(z.string()) });
const fieldBody = z.record(z.string(), z.array(z.string()));

/**
 * Whether `error` is axios's, by the mark axios's own `isAxiosError` reads: importing axios
 * here would bring it into every first screen that handles an error, where the client itself
 * comes with the first call (shared/api/request-json).
 */
function isAxiosError(error: unknown): error is AxiosError {
  return (error as { isAxiosError?: unknown } | null)?.isAxiosError === true;
}

function retryAfter(headers: unknown): number | null {
  if (!headers || typeof headers !== 'object') return null;
  // Header names are case-insensitive; axios gives them as AxiosHeaders (which reads any
  // case through get) or as a plain object of lower-case names.
  const value =
    'get' in headers && typeof headers.get === 'function'
      ? (headers.get as (name: string) => unknown).call(headers, 'retry-after')
      : (headers as Record<string, unknown>)['retry-after'];
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

type KnownCode = keyof typeof ka.errors.byCode;

const isKnownCode = (code: string): code is KnownCode => Object.hasOwn(ka.errors.byCode, code);

/** What DRF would call an answer that came without a code (a proxy's bare 413, say). */
const CODE_OF_STATUS: Readonly<Record<number, KnownCode>> = {
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'file_too_large',
  415: 'unsupported_media_type',
  429: 'throttled',
};

const GEORGIAN_LETTER = /[\u10A0-\u10FF\u1C90-\u1CBF\u2D00-\u2D2F]/;

/**
 * The customer reads Georgian only. A provider detail in Georgian is shown as it is (it may
 * say more than the code, "4 tries left"); any other text (DRF's English defaults: "Not
 * found.", "CSRF Failed: …") is replaced by our words for its code, or for the code its status
 * stands for, else by the generic message. A throttled answer with Retry-After names the wait.
 */
function customerMessage(
  status: number,
  code: string | null,
  detail: string | null,
  retryAfterSeconds: number | null,
): string {
  const known = code ?? CODE_OF_STATUS[status] ?? null;
  if (known === 'throttled' && retryAfterSeconds !== null) {
    return format(ka.errors.throttledWait, { seconds: retryAfterSeconds });
  }
  if (detail && GEORGIAN_LETTER.test(detail)) return detail;
  if (known && isKnownCode(known)) return ka.errors.byCode[known];
  return status >= 500 ? ka.errors.providerUnavailable : ka.errors.genericMessage;
}

/** Turns anything a call can throw into an ApiError; an error without a status is a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    const response = error.response;
    if (!response) return new ApiError('network', 500, null, ka.errors.network);
    const status = response.status;
    const body: unknown = response.data;
    const wait = retryAfter(response.headers);
    const detail = detailBody.safeParse(body);
    if (detail.success) {
      const code = detail.data.code ?? null;
      const message = customerMessage(status, code, detail.data.detail, wait);
      return new ApiError('http', status, code, message, {}, wait);
    }
    const fields = fieldBody.safeParse(body);
    if (fields.success) {
      // Field messages are the contract's Georgian validation texts; they are kept as sent.
      const { non_field_errors: nonField = [], ...byField } = fields.data;
      const message = nonField[0] ?? Object.values(byField)[0]?.[0] ?? ka.errors.genericMessage;
      return new ApiError('http', status, null, message, fields.data);
    }
    return new ApiError('http', status, null, customerMessage(status, null, null, wait), {}, wait);
  }
  return new ApiError('http', 500, null, ka.errors.genericMessage);
}

/**
 * The answer `data` as the contract's `schema` reads it, so a malformed answer fails here with
 * a clear error instead of deep inside a component.
 */
export function parseAnswer<S extends z.ZodMiniType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    // The message reaches customers (forms and the error page show it), so it is Georgian.
    throw new ApiError('invalid-answer', 500, 'invalid_answer', ka.errors.badAnswer);
  }
  return parsed.data;
}
