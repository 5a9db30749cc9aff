import type { FastifySchemaCompiler } from 'fastify';
import { FieldErrors } from './http-errors';

/**
 * Control characters (C0 and DEL) have no place in any text this API takes: every field is
 * one line (names, numbers, addresses, a user agent). PostgreSQL refuses NUL outright, which
 * was a 500; the others would be stored and shown.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

export const CONTROL_CHARACTER_MESSAGE = 'ველი შეიცავს დაუშვებელ სიმბოლოს.';

/** The top-level field of `data` (a body or a query) holding a control character, if any. */
export function fieldWithControlCharacter(
  data: unknown,
  field = 'non_field_errors',
): string | null {
  if (typeof data === 'string') return CONTROL.test(data) ? field : null;
  if (Array.isArray(data)) {
    for (const item of data) {
      const found = fieldWithControlCharacter(item, field);
      if (found !== null) return found;
    }
    return null;
  }
  if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      if (CONTROL.test(key)) return field;
      const found = fieldWithControlCharacter(value, field === 'non_field_errors' ? key : field);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Wraps the schema compiler so that every body and query string of every route is refused
 * with a Georgian field error when it holds a control character, before its own schema runs:
 * no route can forget it. (A path with one names nothing here: it is the route's own 404.)
 */
export function refusingControlCharacters<S, T>(
  compile: FastifySchemaCompiler<S>,
): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return validate;
    return (data: T) => {
      const field = fieldWithControlCharacter(data);
      if (field !== null) {
        return { error: new FieldErrors({ [field]: [CONTROL_CHARACTER_MESSAGE] }) };
      }
      return validate(data);
    };
  };
}
