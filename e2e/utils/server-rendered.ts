import type { RemoteModuleId } from 'release-contract/remotes';

/*
 * Which slots a page's first HTML holds rendered by the server: the page state lists each
 * server-rendered slot with its release (release-contract/page-state, the same shape since
 * decision 020). The version-skew test asks it of every pass.
 */

/**
 * The slots the first screen renders on the server: a visitor's home (remote-home), a
 * customer's next payment and loans around the calculator (remote-loans). The account slice
 * renders nothing on the server: its door opens in the browser.
 */
export const FIRST_SCREEN_SLOTS: Record<'visitor' | 'customer', readonly RemoteModuleId[]> = {
  visitor: ['remote_home/LoanCalculator', 'remote_home/HomeSlider', 'remote_home/QuestionAnswers'],
  customer: [
    'remote_home/LoanCalculator',
    'remote_loans/NextPayment',
    'remote_loans/LoansOverview',
  ],
};

/** The slots in the page state of a page's HTML. */
export function serverRenderedSlots(html: string): Set<string> {
  const slots = new Set<string>();
  for (const match of html.matchAll(/"(remote_[a-z]+\/[A-Za-z]+)":\{"release":"/g)) {
    if (match[1]) slots.add(match[1]);
  }
  return slots;
}

/** The first-screen slots missing from a page's HTML. */
export function missingSlots(html: string, audience: 'visitor' | 'customer'): RemoteModuleId[] {
  const rendered = serverRenderedSlots(html);
  return FIRST_SCREEN_SLOTS[audience].filter((slot) => !rendered.has(slot));
}

/**
 * The first-screen slots a visitor's and a customer's first HTML lack. The customer logs in as
 * the page does (the sealed session cookie the host sets); their page is asked until it holds
 * every first-screen slot or `deadline` passes: the first
 * customer page after a start may leave its slowest slot to the browser (decision 032).
 */
export async function firstScreens(
  hostUrl: string,
  customer: { username: string; password: string },
  deadline: number,
): Promise<{ visitor: RemoteModuleId[]; customer: RemoteModuleId[] }> {
  const visitor = missingSlots(await (await fetch(`${hostUrl}/`)).text(), 'visitor');
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
    const missing = missingSlots(html, 'customer');
    if (missing.length === 0 || Date.now() > deadline) return { visitor, customer: missing };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
