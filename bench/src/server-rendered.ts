import { PAGE_STATE_ELEMENT_ID } from 'release-contract/page-state';
import { customerSession } from './customer-session';

/** The slots the server rendered on a home page, from its page state. */
export async function serverRenderedSlots(host: string, cookie?: string): Promise<string[]> {
  const page = await (await fetch(`${host}/`, cookie ? { headers: { cookie } } : {})).text();
  const state = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`,
    's',
  ).exec(page);
  return Object.keys(JSON.parse(state?.[1] ?? '{"slots":{}}').slots ?? {});
}

/** Waits until ten home pages in a row come with `slots` slots rendered. */
async function untilRendered(host: string, slots: number, cookie?: string): Promise<void> {
  for (let inARow = 0, tries = 0; inARow < 10; tries += 1) {
    if (tries > 600) throw new Error(`the host never rendered the home page’s ${slots} slots`);
    inARow = (await serverRenderedSlots(host, cookie)).length === slots ? inARow + 1 : 0;
    if (inARow === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the slot table renders on the server: a visitor's home page, and a customer's. */
export const SERVER_RENDERED = { visitor: 3, customer: 4 } as const;

/**
 * Until the host renders a visitor's and a customer's home page whole, each ten times in a
 * row: a page server answers before its render workers are ready, and loads a slice's server
 * code on its first page, alone in that slice's worker (decision 032). The figures
 * are a running server's, not its first seconds'. Returns the cookie the customer's pages had.
 */
export async function untilServerRendered(host: string): Promise<Map<string, string>> {
  await untilRendered(host, SERVER_RENDERED.visitor);
  const cookies = await customerSession(host);
  await untilRendered(host, SERVER_RENDERED.customer, cookieHeader(cookies));
  return cookies;
}

/** The `Cookie` header of a customer's cookies. */
export const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
