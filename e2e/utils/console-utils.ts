/**
 * A console error a test provokes on purpose, said as narrowly as it can be: the message's text
 * and, where it has one, its address (a failed resource's URL, or the script that logged it).
 * An uncaught page error is matched by its message. Unless optional, it must come.
 */
export interface ExpectedConsoleError {
  text: RegExp;
  url?: RegExp;
  /** It may not come in every run (it depends on what the test visits, or on timing). */
  optional?: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A request's address, with or without a query: a full URL exactly, or a path on any origin;
 * a regular expression is taken as it is.
 */
const addressOf = (address: string | RegExp) =>
  typeof address !== 'string'
    ? address
    : new RegExp(
        `^${/^https?:/.test(address) ? '' : 'https?://[^/]+'}${escapeRegExp(address)}(\\?|$)`,
      );

/**
 * The line the browser logs for a request to `address` that was answered with `status` (the
 * line names no address; the message's location is the request's).
 */
export function answeredWith(status: number, address: string | RegExp): ExpectedConsoleError {
  return {
    text: new RegExp(`^Failed to load resource: the server responded with a status of ${status} `),
    url: addressOf(address),
  };
}

/** The line the browser logs for a request to `address` that got no answer (`net::ERR_…`). */
export function unanswered(netError: string, address: string | RegExp): ExpectedConsoleError {
  return {
    text: new RegExp(`^Failed to load resource: net::${escapeRegExp(netError)}$`),
    url: addressOf(address),
  };
}
