/** A DRF-style error a route throws: `{detail, code}` with a status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
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

export const notFound = () => new HttpError(404, 'not_found', 'ვერ მოიძებნა.');
export const fieldError = (field: string, message: string) =>
  new FieldErrors({ [field]: [message] });
