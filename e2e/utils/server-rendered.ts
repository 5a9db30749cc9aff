import type { RemoteName } from 'tooling/remotes';

/*
 * Which slices' slots a page's first HTML holds rendered by the server: the page state lists
 * each server-rendered slot with its release (release-contract/page-state, the same shape
 * since decision 020). The version-skew test asks it of every pass.
 */

/**
 * The slices the first screen renders on the server: a visitor's calculator (remote-home), a
 * customer's loans around it (remote-loans). The account slice renders nothing on the server:
 * its door opens in the browser.
 */
export const FIRST_SCREEN_SLICES: Record<'visitor' | 'customer', readonly RemoteName[]> = {
  visitor: ['remote_home'],
  customer: ['remote_home', 'remote_loans'],
};

/** The slices with at least one slot in the page state of a page's HTML. */
export function serverRenderedSlices(html: string): Set<string> {
  const slices = new Set<string>();
  for (const match of html.matchAll(/"(remote_[a-z]+)\/[A-Za-z]+":\{"release":"/g)) {
    if (match[1]) slices.add(match[1]);
  }
  return slices;
}

/** The first-screen slices missing from a page's HTML. */
export function missingSlices(html: string, audience: 'visitor' | 'customer'): RemoteName[] {
  const rendered = serverRenderedSlices(html);
  return FIRST_SCREEN_SLICES[audience].filter((slice) => !rendered.has(slice));
}

/**
 * A customer's first HTML, after logging in as the page does (the sealed session cookie the
 * host sets), asked until it holds every first-screen slice or `deadline` passes: the first
 * customer page after a start may leave its slowest slot to the browser (decision 032).
 */
export async function firstScreens(
  hostUrl: string,
  customer: { username: string; password: string },
  deadline: number,
): Promise<{ visitor: RemoteName[]; customer: RemoteName[] }> {
  const visitor = missingSlices(await (await fetch(`${hostUrl}/`)).text(), 'visitor');
  const login = await fetch(`${hostUrl}/api/user/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(customer),
  });
  if (!login.ok) throw new Error(`the customer's login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  for (;;) {
    const html = await (await fetch(`${hostUrl}/`, { headers: { cookie } })).text();
    if (!html.includes('"audience":"customer"'))
      throw new Error('the session did not open a customer page');
    const missing = missingSlices(html, 'customer');
    if (missing.length === 0 || Date.now() > deadline) return { visitor, customer: missing };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
