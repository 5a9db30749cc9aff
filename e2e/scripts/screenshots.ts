/**
 * Full-page screenshots of every state a customer meets, at 320, 390 and 1280 px, to look at
 * before a change to a screen is called done (issue 17); axe and the sideways-spill check run
 * on each, and their findings are printed beside its file. After `pnpm build`:
 *   pnpm --filter e2e screenshots [out-dir] [state …]
 * It serves the builds itself (`pnpm serve`) on a fresh in-memory sandbox whose decisions take
 * ten minutes, so an application stays pending while it is photographed; with SCREENSHOTS_URL
 * it uses a server already running there instead (whose data it changes: it applies for a
 * loan as the risk-flagged customer).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { kaNotificationChoices } from 'remote-account/words/ka-notification-choices';
import { kaNotifications } from 'remote-account/words/ka-notifications';
import { kaProfile } from 'remote-account/words/ka-profile';
import { kaCardPayment } from 'remote-loans/words/ka-card-payment';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { ka } from 'shared/strings/ka';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import waitForAllApps from '../global-setup';
import { axeViolations } from '../utils/axe';
import { chromiumLaunchOptions } from '../utils/chromium';
import { sidewaysOverflow } from '../utils/layout-utils';
import { scrollThroughPage } from '../utils/page-utils';
import { HOST_URL } from '../utils/urls';

const SEED = {
  verified: '01001000001',
  unverified: '01001000002',
  overdue: '01001000004',
  riskFlagged: '01001000005',
  /** v1.2's records: payments and receipts, documents, help requests, complaints. */
  records: '01001000007',
} as const;
const PASSWORD = 'Sandbox123';

const WIDTHS = [
  { name: '320', viewport: { width: 320, height: 740 }, phone: true },
  { name: '390', viewport: { width: 390, height: 844 }, phone: true },
  { name: '1280', viewport: { width: 1280, height: 900 }, phone: false },
] as const;

interface State {
  name: string;
  customer?: string;
  path?: string;
  /** Done once before the state's screenshots, through the API. */
  prepare?: (session: Session) => Promise<void>;
  /** What the customer does on the page before the screenshot. */
  act?: (page: Page) => Promise<void>;
}

/** A session the host's server began: the cookies it set (decision 027), as a browser keeps them. */
interface Session {
  cookies: { name: string; value: string }[];
}

/** Opens a header button's panel: the account's (by the name's label) or the notifications'. */
async function openPanel(page: Page, button: string, title: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(button) })
    .click();
  return page.getByRole('dialog', { name: title });
}

const loans = (page: Page) => page.getByRole('region', { name: ka.loans.title });

const STATES: State[] = [
  { name: 'visitor' },
  { name: 'visitor-terms', path: '/static' },
  { name: 'verified', customer: SEED.verified },
  { name: 'unverified', customer: SEED.unverified },
  { name: 'overdue', customer: SEED.overdue },
  { name: 'risk-flagged', customer: SEED.riskFlagged },
  {
    // v1.4: the feed the header's bell opens (the overdue customer's notices are recent, unread).
    name: 'notifications',
    customer: SEED.overdue,
    act: async (page) => {
      const panel = await openPanel(page, kaNotifications.title, kaNotifications.title);
      await panel.getByRole('article').first().waitFor();
    },
  },
  {
    // v1.4: the channels per kind, opened in the account panel.
    name: 'notification-choices',
    customer: SEED.unverified,
    act: async (page) => {
      const panel = await openPanel(page, kaAccountButtons.myAccount, kaProfile.panelTitle);
      const choices = panel.getByRole('region', { name: kaNotificationChoices.title });
      await choices.getByRole('button', { name: kaNotificationChoices.change }).click();
      await choices.getByRole('group').first().waitFor();
      await choices.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'account-panel',
    customer: SEED.verified,
    act: async (page) => {
      const panel = await openPanel(page, kaAccountButtons.myAccount, kaProfile.panelTitle);
      await panel.getByRole('region', { name: kaProfile.title }).waitFor();
    },
  },
  {
    name: 'schedule-open',
    customer: SEED.verified,
    act: async (page) => {
      await loans(page).getByText(kaLoans.schedule.title).first().click();
    },
  },
  {
    name: 'repayment-confirmation',
    customer: SEED.verified,
    act: async (page) => {
      const next = page.getByRole('region', { name: kaLoans.next.title });
      await next.getByRole('button', { name: kaLoans.loan.pay }).click();
      await next.getByRole('button', { name: kaLoans.repay.continue }).click();
      await next.getByRole('button', { name: kaCardPayment.payWithCard }).waitFor();
    },
  },
  {
    name: 'overdue-confirmation',
    customer: SEED.overdue,
    act: async (page) => {
      const notice = page.locator('#overdue');
      await notice.getByRole('button', { name: kaLoans.overdue.pay }).click();
      await notice.getByRole('button', { name: kaLoans.repay.continue }).click();
      await notice.getByRole('button', { name: kaCardPayment.payWithCard }).waitFor();
    },
  },
  {
    name: 'records-payments',
    customer: SEED.records,
    act: async (page) => {
      // The paid-off loan's payments, and its last receipt open.
      const card = loans(page).getByRole('listitem').filter({ hasText: kaLoans.status.repaid });
      await card.getByText(kaLoans.payments.title, { exact: true }).first().click();
      await card
        .getByRole('button', { name: /^ქვითარი R-/ })
        .last()
        .click();
      await card.getByRole('region', { name: kaLoans.receipt.title }).waitFor();
    },
  },
  {
    name: 'records-documents',
    customer: SEED.records,
    act: async (page) => {
      const card = loans(page).getByRole('listitem').filter({ hasText: kaLoans.status.active });
      await card.getByText(kaLoans.documents.offer, { exact: true }).first().click();
      await card.getByText(kaLoans.documents.contract, { exact: true }).first().waitFor();
    },
  },
  {
    name: 'records-help',
    customer: SEED.records,
    act: async (page) => {
      const card = loans(page).getByRole('listitem').filter({ hasText: kaLoans.status.active });
      await card.getByText(kaLoans.hardship.offer).first().click();
      await card.getByText(kaLoans.hardship.openExplained).first().waitFor();
    },
  },
  { name: 'complaints', customer: SEED.records, path: '/complaints' },
  {
    name: 'application-pending',
    customer: SEED.riskFlagged,
    prepare: applyForALoan,
  },
];

/** A call through the host, as the page makes it: the session's cookies and the CSRF header. */
async function api<T>(url: string, init: RequestInit & { session?: Session } = {}): Promise<T> {
  const cookies = init.session?.cookies ?? [];
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
  const response = await fetch(`${base}${url}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      ...(cookies.length > 0
        ? { Cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; ') }
        : {}),
      ...(csrf ? { 'X-CSRFToken': csrf } : {}),
    },
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Logs in through the host, which keeps the tokens and sets the session's cookies. */
async function logIn(personalNumber: string): Promise<Session> {
  const response = await fetch(`${base}/api/user/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: personalNumber, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((line) => {
    const pair = line.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  return { cookies };
}

/** An application the sandbox keeps pending for ten minutes (DECISION_DELAY below). */
async function applyForALoan(session: Session): Promise<void> {
  const [terms] = await api<{ id: number }[]>('/api/cms/terms_of_contract/?contact_type=1');
  const limit = await api<{ term_limit: number[] }>('/api/user/user/loan_limit/', { session });
  await api('/api/loan/loan_application/', {
    method: 'POST',
    session,
    body: JSON.stringify({
      amount: '500.00',
      term: limit.term_limit[0],
      terms_of_contract: terms?.id,
    }),
  });
}

/** `pnpm serve` on the last build, with a sandbox that starts from its seed every time. */
function serve(): ChildProcess {
  const server = spawn('pnpm', ['--dir', '..', 'serve'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      SANDBOX_DATA_DIR: 'memory://',
      SANDBOX_LOG_LEVEL: 'warn',
      DECISION_DELAY: '600',
    },
  });
  return server;
}

/** What a look at the screenshot should be told too: axe's findings and any sideways spill. */
async function shoot(
  context: BrowserContext,
  state: State,
  file: string,
  session?: Session,
): Promise<string[]> {
  if (session) {
    await context.addCookies(
      session.cookies.map((cookie) => ({
        ...cookie,
        url: base,
        httpOnly: cookie.name === SESSION_COOKIE,
      })),
    );
  }
  const page = await context.newPage();
  await page.goto(`${base}${state.path ?? '/'}`, { waitUntil: 'networkidle' });
  // What sits below the fold loads as it nears: bring it in, then start from the top.
  await scrollThroughPage(page);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => scrollTo(0, 0));
  await state.act?.(page);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: file, fullPage: true });
  const problems = [...(await axeViolations(page)), ...(await sidewaysOverflow(page))];
  await page.close();
  return problems;
}

const [outDir = 'screenshots', ...only] = process.argv.slice(2);
const base = process.env.SCREENSHOTS_URL ?? HOST_URL;
const server = process.env.SCREENSHOTS_URL ? null : serve();
try {
  if (server) await waitForAllApps();
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions());
  let problems = 0;
  for (const state of STATES.filter((candidate) => !only.length || only.includes(candidate.name))) {
    const session = state.customer ? await logIn(state.customer) : undefined;
    if (session) await state.prepare?.(session);
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: width.viewport,
        deviceScaleFactor: 1,
        isMobile: width.phone,
        hasTouch: width.phone,
      });
      // tsx (unlike Playwright's test runner) names arrow functions with esbuild's `__name`
      // helper, which a function sent to page.evaluate then calls in the page.
      await context.addInitScript('globalThis.__name ??= (target) => target;');
      const file = path.join(outDir, `${state.name}-${width.name}.png`);
      const found = await shoot(context, state, file, session);
      await context.close();
      problems += found.length;
      console.info(found.length === 0 ? file : `${file}\n  ${found.join('\n  ')}`);
    }
  }
  await browser.close();
  console.info(
    problems === 0 ? 'axe: 0 violations; nothing wider than the screen' : `${problems} problems`,
  );
  process.exitCode = problems === 0 ? 0 : 1;
} finally {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
}
