import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { FieldErrors, HttpError } from '../lib/http-errors';

/** Georgian messages for the validation problems a request body or query can have. */
function messageFor(issue: {
  code: string;
  message: string;
  origin?: string;
  minimum?: unknown;
}): string {
  const georgian = /[\u10A0-\u10FF]/.test(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      // A schema may say how to send a value of the wrong type (money as a string, not a number).
      if (georgian) return issue.message;
      return /received undefined/.test(issue.message)
        ? 'ეს ველი სავალდებულოა.'
        : 'მნიშვნელობის ტიპი არასწორია.';
    case 'too_big':
      return issue.origin === 'string'
        ? 'მნიშვნელობა ძალიან გრძელია.'
        : 'მნიშვნელობა ძალიან დიდია.';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? 'ეს ველი სავალდებულოა.'
        : 'მნიშვნელობა ძალიან მცირეა.';
    case 'unrecognized_keys':
      return 'უცნობი ველი.';
    default:
      // Schemas carry their own Georgian messages for formats (personal number, phone, ...).
      return georgian ? issue.message : 'მნიშვნელობა არასწორია.';
  }
}

interface Issue {
  code: string;
  message: string;
  path: PropertyKey[];
  keys?: string[];
  origin?: string;
  minimum?: unknown;
}

export function fieldErrorsFromIssues(issues: readonly Issue[]): Record<string, string[]> {
  // No prototype: a field named "constructor" or "__proto__" is just a field.
  const fields: Record<string, string[]> = Object.create(null);
  const add = (field: string, message: string) => {
    fields[field] ??= [];
    if (!fields[field].includes(message)) fields[field].push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(key, messageFor(issue));
      continue;
    }
    add(issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors', messageFor(issue));
  }
  return fields;
}

/**
 * Every error leaves in the contract's DRF shape, in Georgian. A 5xx says nothing internal;
 * the log has the details.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ detail: error.detail, code: error.code, ...error.extras });
      }
      if (error instanceof FieldErrors) return reply.code(400).send(error.fields);
      if (hasZodFastifySchemaValidationErrors(error)) {
        // fastify-type-provider-zod 7 spreads the zod issue into params, minus code, message
        // and path (those become keyword, message and instancePath).
        const issues = error.validation.map(
          (v): Issue => ({
            ...(v.params as Omit<Issue, 'code' | 'message' | 'path'>),
            code: v.keyword,
            message: v.message ?? '',
            path: v.instancePath === '/' ? [] : v.instancePath.slice(1).split('/'),
          }),
        );
        return reply.code(400).send(fieldErrorsFromIssues(issues));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'answer does not match its schema');
        return reply.code(500).send({ detail: 'სერვერის შეცდომა.', code: 'error' });
      }
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return reply.code(400).send({ detail: 'მოთხოვნის JSON არასწორია.', code: 'parse_error' });
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply
            .code(413)
            .send({ detail: 'მოთხოვნა ძალიან დიდია.', code: 'request_too_large' });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.code(415).send({
            detail: 'მოთხოვნის ფორმატი არ არის მხარდაჭერილი.',
            code: 'unsupported_media_type',
          });
        case 'FST_REQ_FILE_TOO_LARGE':
          return reply.code(413).send({ detail: 'ფაილი 5 მბ-ზე დიდია.', code: 'file_too_large' });
        case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
          return reply.code(415).send({
            detail: 'მოთხოვნის ფორმატი არ არის მხარდაჭერილი.',
            code: 'unsupported_media_type',
          });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply
          .code(error.statusCode)
          .send({ detail: 'მოთხოვნა არასწორია.', code: 'bad_request' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ detail: 'სერვერის შეცდომა.', code: 'error' });
    });

    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ detail: 'ვერ მოიძებნა.', code: 'not_found' }),
    );
  },
  { name: 'errors' },
);
