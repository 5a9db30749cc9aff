import { SESSION_COOKIE } from 'shared/session/session-cookie-name';

/** The seeded customer the benchmarks measure: verified, with a loan being paid. */
export const CUSTOMER = { username: '01001000001', password: 'Sandbox123' };

/**
 * Logs the customer in through the host, as the page does (decision 027): the host keeps the
 * tokens and sets the session's cookies, returned here by name.
 */
export async function customerSession(host: string): Promise<Map<string, string>> {
  const response = await fetch(new URL('/api/user/api/token/', host), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(CUSTOMER),
  });
  if (!response.ok) throw new Error(`login through the host answered ${response.status}`);
  return new Map(
    response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
}

/** The cookies as a browser context takes them: the sealed one out of every script's reach. */
export function asBrowserCookies(cookies: Map<string, string>, url: string) {
  return [...cookies].map(([name, value]) => ({
    name,
    value,
    url,
    httpOnly: name === SESSION_COOKIE,
  }));
}
