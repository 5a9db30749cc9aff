import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The contract's deepest body
 * nests three (notification preferences: an object, its `kinds` list, each kind); every layer
 * the checks walk is a frame on the stack, and 5,000 of them were a 500.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING = new Set([0x5b, 0x7b]);
const CLOSING = new Set([0x5d, 0x7d]);

/** Whether `text` nests arrays and objects deeper than `limit`, read once, strings skipped. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text.charCodeAt(at);
    if (inString) {
      // An escaped character, a quote among them, does not end the string.
      if (char === BACKSLASH) at += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENING.has(char)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSING.has(char)) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies as Fastify parses them (its own parser, prototype poisoning refused), less one
 * nested deeper than MAX_JSON_DEPTH: refused, before it is parsed, as DRF refuses a body it
 * cannot read (400 `parse_error`).
 */
export default fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = String(body);
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        const detail = 'მოთხოვნის JSON ძალიან ღრმად არის ჩადგმული.';
        done(new HttpError(400, 'parse_error', detail), undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-bodies' },
);
