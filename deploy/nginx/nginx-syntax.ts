/**
 * How values are written in nginx's configuration language: quoted strings, regular
 * expressions, `add_header` lines, and headers whose value depends on the scheme.
 */

const inQuotes = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A value in double quotes. nginx would read `$` as a variable, so none may appear. */
export function quoted(value: string): string {
  if (value.includes('$')) throw new Error(`nginx cannot quote a value with "$": ${value}`);
  return inQuotes(value);
}

/** A regular expression for nginx (PCRE), quoted as it may hold braces; `$` is its own there. */
export const regex = (pattern: RegExp | string) =>
  inQuotes(typeof pattern === 'string' ? pattern : pattern.source);

export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The scheme the site was reached by: nginx's own, or a trusted TLS terminator's
 * (nginx-edge `trustedScheme` writes it).
 */
export const SITE_SCHEME = '$site_scheme';

/**
 * Headers that differ by scheme (HSTS, the CSP's upgrade-insecure-requests) become maps on
 * SITE_SCHEME; the rest are literal. An empty map value makes nginx leave the header out.
 */
export function schemeDependent(
  name: string,
  http: Record<string, string>,
  https: Record<string, string>,
): { maps: string[]; headers: [string, string][] } {
  const maps: string[] = [];
  const headers: [string, string][] = [];
  for (const key of new Set([...Object.keys(http), ...Object.keys(https)])) {
    const plain = http[key];
    const secure = https[key];
    if (plain === secure && plain !== undefined) {
      headers.push([key, quoted(plain)]);
      continue;
    }
    const variable = `$${name}_${key.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
    maps.push(
      [
        `map ${SITE_SCHEME} ${variable} {`,
        `  https ${quoted(secure ?? '')};`,
        `  default ${quoted(plain ?? '')};`,
        '}',
      ].join('\n'),
    );
    headers.push([key, variable]);
  }
  return { maps, headers };
}

export const addHeaders = (headers: readonly [string, string][], indent: string) =>
  headers.map(([name, value]) => `${indent}add_header ${name} ${value} always;`).join('\n');

/** A duration in whole seconds, rounded up: nginx's own unit for its timeouts. */
export const seconds = (ms: number) => `${Math.ceil(ms / 1000)}s`;

/** A proxied answer's headers of these names hidden, and nginx's own sent in their place. */
export const replaceHeaders = (headers: readonly [string, string][], indent: string) =>
  `${headers.map(([name]) => `${indent}proxy_hide_header ${name};`).join('\n')}
${addHeaders(headers, indent)}`;
