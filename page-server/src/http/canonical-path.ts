/*
 * One reading of a request's path for the whole site (issue 45, decision 033). The Fastify
 * servers route by it (createStaticServer's rewriteUrl), the session gateway forwards it to the
 * provider as it is, and nginx refuses what it refuses (deploy/nginx/nginx-edge). Escapes are
 * decoded once and written back one way; a path another reader could take for a different one
 * is refused, never guessed at: the gateway once sent `/api/%2e%2e/__sandbox/outbox` on as
 * written and the provider's URL parser made it `/__sandbox/outbox`.
 */

/**
 * What a request's raw path (before its query) may not hold, each rule a pattern nginx runs
 * too: JavaScript's and PCRE's syntax alike, read on the path as the client wrote it.
 */
export const REFUSED_IN_PATH: readonly { why: string; pattern: RegExp }[] = [
  // Absolute-form or `*`: an origin server is asked for its paths, and the host is the Host.
  { why: 'not a path of this site', pattern: /^(?!\/)/ },
  // Servers disagree on where the path ends; no browser sends one.
  { why: 'a fragment', pattern: /#/ },
  // URL parsers read it as `/`; no browser sends one.
  { why: 'a backslash', pattern: /\\/ },
  { why: 'an escape without two hex digits', pattern: /%(?![0-9A-Fa-f]{2})/ },
  // A separator to one reader and a name's character to another.
  { why: 'an escaped slash or backslash', pattern: /%(?:2[Ff]|5[Cc])/ },
  // `%252e` is `%2e` to a second decoder, and `.` to a third.
  { why: 'an escaped percent sign (double encoding)', pattern: /%25/ },
  {
    why: 'a control character, NUL among them',
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what the rule refuses
    pattern: /[\x00-\x1f\x7f]|%(?:[01][0-9A-Fa-f]|7[Ff])/,
  },
  // Browsers escape every other byte.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range's bounds, not a character
  { why: 'a byte outside ASCII, unescaped', pattern: /[^\x00-\x7f]/ },
  // Overlong forms (`%C0%AE` is `.` to a lax decoder) and bytes no UTF-8 has; the page
  // servers refuse every other malformed sequence too (TextDecoder).
  {
    why: 'an escape no UTF-8 text has',
    pattern: /%(?:[Cc][01]|[Ff][5-9A-Fa-f]|[Ee]0%[89][0-9A-Fa-f]|[Ff]0%8[0-9A-Fa-f])/,
  },
  { why: 'a `.` or `..` segment, escaped or not', pattern: /\/(?:\.|%2[Ee]){1,2}(?:\/|$)/ },
];

/** Characters a canonical path keeps as they are (RFC 3986's pchar): every other is escaped. */
const KEPT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

export type CanonicalTarget =
  /** `path`: decoded once and escaped one way; `target`: with the query as it came. */
  { kind: 'canonical'; path: string; target: string } | { kind: 'refused'; why: string };

/**
 * A request target (`/path?query`) in its one spelling: escapes of characters a path may hold
 * decoded (`%74oken` is `token`), every other escape upper-case, empty segments gone (`//` is
 * `/`, as nginx merges them), the query untouched. Refused: what REFUSED_IN_PATH names, and
 * escapes that are not UTF-8.
 */
export function canonicalTarget(url: string): CanonicalTarget {
  const queryAt = url.indexOf('?');
  const raw = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const broken = REFUSED_IN_PATH.find((rule) => rule.pattern.test(raw));
  if (broken) return { kind: 'refused', why: broken.why };
  let text: string;
  try {
    // Every `%` is an escape and every other character ASCII (the rules above).
    const bytes = raw.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    text = utf8.decode(Buffer.from(bytes, 'latin1'));
  } catch {
    return { kind: 'refused', why: 'an escape that is not UTF-8' };
  }
  const segments = text.split('/').filter((segment) => segment !== '');
  // Only escapes of `.` could make one now, and the rules refuse them; kept as the last word.
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return { kind: 'refused', why: 'a `.` or `..` segment, escaped or not' };
  }
  const trailing = segments.length > 0 && text.endsWith('/') ? '/' : '';
  const path = `/${segments.map(escapeSegment).join('/')}${trailing}`;
  return { kind: 'canonical', path, target: `${path}${query}` };
}

const escapeSegment = (segment: string) =>
  [...segment].map((char) => (KEPT.test(char) ? char : encodeURIComponent(char))).join('');

/** Whether a canonical path is `folder` or under it (`/api`, `/api/…` for `/api/` or `/api`). */
export function isUnder(path: string, folder: string): boolean {
  const base = folder.replace(/\/+$/, '');
  return path === base || path.startsWith(`${base}/`);
}

/** Where a refused request is routed: nowhere, as the hook answering it 400 comes first. */
const REFUSED_ROUTE = '/.refused-path';

/**
 * Routing by the canonical path, for a Fastify server: its `rewriteUrl` (every route, hook and
 * handler then sees `request.url` canonical) and whether a request's path was refused, for
 * the first onRequest hook to answer 400 (a rewrite cannot answer).
 */
export function canonicalRouting(): {
  rewriteUrl: (raw: { url?: string }) => string;
  isRefused: (raw: object) => boolean;
} {
  const refused = new WeakSet<object>();
  return {
    rewriteUrl: (raw) => {
      const canonical = canonicalTarget(raw.url ?? '');
      if (canonical.kind === 'canonical') return canonical.target;
      refused.add(raw);
      return REFUSED_ROUTE;
    },
    isRefused: (raw) => refused.has(raw),
  };
}
