import { addHeaders, quoted } from './nginx-syntax';

/*
 * nginx's own errors (a malformed request, a limit, its own failures) answered in plain text
 * with the headers of every answer, never its built-in HTML pages: for the host's server block
 * and each remote's alike (nginx-conf.ts).
 */

/**
 * The errors nginx answers itself: a malformed request or one past its limits (494: headers
 * too large, sent as 400), a method a file does not take, a failed precondition or range, a
 * denied path, its own failures. Its built-in pages for them are HTML with no CSP; they are
 * sent as plain text instead, with the headers of every answer (NGINX_ERROR_PATH).
 */
export const NGINX_ERRORS: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  411: 'Length required',
  412: 'Precondition failed',
  413: 'Request too large',
  414: 'URI too long',
  416: 'Range not satisfiable',
  494: 'Bad request',
  500: 'Internal server error',
  501: 'Not implemented',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  505: 'HTTP version not supported',
  507: 'Insufficient storage',
};

/**
 * Where nginx's own errors are answered. A path, not a named location: an error in the request
 * line (a 400, a 414) leaves no URI, and nginx cannot go from there to a named location.
 */
export const NGINX_ERROR_PATH = '/_nginx-error';

/**
 * The `error_page` sending nginx's own errors to NGINX_ERROR_PATH, but for those `handled` by
 * the server or location already. A location with error pages of its own inherits none of
 * its server's, so each such location says it too.
 */
export function plainErrors(indent: string, handled: readonly number[] = []): string {
  const codes = Object.keys(NGINX_ERRORS)
    .map(Number)
    .filter((code) => !handled.includes(code));
  // No "=": the answer keeps the error's status (494 becomes 400, as nginx's own page does).
  return `${indent}error_page ${codes.join(' ')} ${NGINX_ERROR_PATH};`;
}

/** The plain-text answer to nginx's own errors, with the server's headers. */
export function plainErrorLocation(headers: readonly [string, string][]): string {
  return `    location = ${NGINX_ERROR_PATH} {
      internal;
      default_type text/plain;
${addHeaders(headers, '      ')}
      # The status stays the error's (error_page without "="): 200 only makes return send a body.
      return 200 "$nginx_error_text\\n";
    }`;
}

/** The text of each of nginx's own errors, by the status being answered. */
export function plainErrorTexts(): string {
  const texts = Object.entries(NGINX_ERRORS)
    .filter(([code]) => code !== '494')
    .map(([code, text]) => `    ${code} ${quoted(text)};`);
  return `  map $status $nginx_error_text {
${texts.join('\n')}
    default "Error";
  }`;
}
