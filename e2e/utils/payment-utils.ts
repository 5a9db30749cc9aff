import type { Locator, Page, Route, TestInfo } from '@playwright/test';
import { openSession, sealSession } from 'page-server/session/sealed-session';
import { sessionKeys } from 'page-server/session/session-keys';
import { DEFAULT_SESSION_MAX_SECONDS } from 'release-contract/config-from-env';
import { DEFAULT_PAYMENT_PAGE_ORIGINS } from 'release-contract/origins';
import { DEFAULT_SESSION_TIMING } from 'release-contract/runtime-config';
import { kaCardPayment } from 'remote-loans/words/ka-card-payment';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { KA_BANK } from 'sandbox-api/words/ka-bank';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { ka } from 'shared/strings/ka';
import { expect } from '../fixtures';
import {
  type GivenLoan,
  giveLoan,
  logInViaUi,
  type NewCustomer,
  newCustomer,
  PASSWORD,
  registerViaApi,
} from './account-utils';
import { axeViolations } from './axe';
import { sidewaysOverflow } from './layout-utils';
import { E2E_SANDBOX_ENV } from './sandbox-env';
import { SANDBOX_URL } from './urls';

/*
 * Paying through the sandbox's bank (contract v1.3) as a customer does: the confirmation with
 * its card choice, the bank's own page on its own origin, and the way back to /payment?order=.
 */

/** The sandbox's bank, another site than the client's (sandbox-api/README.md, "The bank"). */
export const BANK_ORIGIN = new URL(DEFAULT_PAYMENT_PAGE_ORIGINS[0] ?? 'http://127.0.0.1:4100')
  .origin;

/** The bank's test cards, typed as printed on a card. */
export const TEST_CARDS = {
  succeeds: '4111 1111 1111 1111',
  asksForCode: '4000 0000 0000 3220',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** What else a customer types on the bank's page: any future expiry, any code, any holder. */
export const CARD_EXPIRY = '08/31';
export const CARD_CODE = '737';
export const CARD_HOLDER = 'TAMAR KAVTARADZE';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A radio's accessible name begins with its label; the amount follows. */
export const startsWith = (label: string) => new RegExp(`^${escapeRegExp(label)}`);

/** An amount as the product and the bank print it (`1 234,56 ₾`), whatever spaces they use. */
export const moneyPattern = /\d[\d\s\u00a0\u202f]*,\d\d\s?₾/;

/** An element's text, as read (no text is the empty string). */
export const textOf = async (where: Locator) => (await where.textContent()) ?? '';

/** Spaces of every kind as one plain space: the client and the bank may group digits apart. */
export const plainSpaces = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** A customer registered through the API, with a loan, logged in on the home page. */
export async function customerWithLoan(
  page: Page,
  loan: GivenLoan,
): Promise<{ customer: NewCustomer; loanId: number }> {
  const customer = newCustomer();
  await registerViaApi(customer);
  const loanId = await giveLoan(customer.personalNumber, loan);
  await page.goto('/');
  await logInViaUi(page, customer.personalNumber);
  return { customer, loanId };
}

/** The customer's loans region. */
export const loansRegion = (page: Page) => page.getByRole('region', { name: ka.loans.title });

/** The loan's card in the customer's loans (each test's customer has one loan). */
export const loanCard = (page: Page): Locator =>
  loansRegion(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(kaLoans.loan.heading) }) })
    .first();

/** The "next payment" region on the customer's first screen. */
export const nextPayment = (page: Page) => page.getByRole('region', { name: kaLoans.next.title });

/** The overdue notice on the customer's first screen. */
export const overdueNotice = (page: Page) =>
  page.getByRole('region', { name: kaLoans.overdue.title });

/** The value a `<dt>` term names in a description list inside `where`. */
export const figure = (where: Locator, term: string) =>
  where
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) })
    .locator('xpath=following-sibling::*[1]');

/**
 * From a pay button to the card confirmation: opens the action, chooses what to pay, goes on.
 * Returns the amount the chosen radio names (as the product prints it).
 */
export async function openCardConfirmation(
  where: Locator,
  { open, choice }: { open: string; choice: string },
): Promise<string> {
  await where.getByRole('button', { name: open }).click();
  const radio = where.getByRole('radio', { name: startsWith(choice) });
  await radio.check();
  const label = (await radio.getAttribute('aria-label')) ?? (await labelOf(radio));
  const amount = label.match(moneyPattern)?.[0];
  if (!amount) throw new Error(`no amount in the choice "${label}"`);
  await where.getByRole('button', { name: kaLoans.repay.continue }).click();
  await expect(cardChoice(where)).toBeVisible();
  return plainSpaces(amount);
}

/** A radio's visible label (its accessible name comes from the label that wraps it). */
async function labelOf(radio: Locator): Promise<string> {
  return radio.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
}

/** The confirmation's choice of card. */
export const cardChoice = (where: Locator) =>
  where.getByRole('group', { name: kaCardPayment.cardLegend });

/**
 * From where the customer stands to the bank's page in three presses, no more (issue 54): the
 * pay button `first` names, "go on" on the amount it opens on, and pay by card. Returns the
 * bank's address, which names the order the presses made.
 */
export async function threePressesToBank(
  page: Page,
  where: Locator,
  first: string,
): Promise<string> {
  const presses = [first, kaLoans.repay.continue, kaCardPayment.payWithCard];
  for (const name of presses) await where.getByRole('button', { name }).click();
  await expectBankPage(page, KA_BANK.cardTitle);
  return page.url();
}

/** Presses the confirmation's pay button and waits for the bank's card page. */
export async function goToBank(page: Page, where: Locator): Promise<void> {
  await where.getByRole('button', { name: kaCardPayment.payWithCard }).click();
  await expectBankPage(page, KA_BANK.cardTitle);
}

/** The bank's page, on the bank's origin, with its title as its main heading. */
export async function expectBankPage(page: Page, title: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.origin === BANK_ORIGIN);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** What the bank's page says it charges: the lender's name and the amount. */
export async function expectBankCharges(page: Page, amount: string): Promise<void> {
  const body = plainSpaces(await textOf(page.locator('body')));
  expect(body).toContain(KA_BANK.merchant);
  expect(body).toContain('ონლაინ სესხი');
  expect(body).toContain(amount);
}

/** Types a card on the bank's page and submits it. */
export async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByLabel(KA_BANK.cardNumber).fill(number);
  await page.getByLabel(KA_BANK.expiry).fill(CARD_EXPIRY);
  await page.getByLabel(KA_BANK.cvc).fill(CARD_CODE);
  await page.getByLabel(KA_BANK.holder).fill(CARD_HOLDER);
  await page.getByRole('button', { name: startsWith(KA_BANK.pay('')) }).click();
}

/**
 * Pays what a confirmation offers on the bank's page with the success card, as a customer of
 * a v1.3 provider pays (the sandbox's): to the bank, the card typed, back on the return page
 * paid, then back to the loans, whose figures are fresh.
 */
export async function payOnBankAndReturn(page: Page, where: Locator): Promise<void> {
  await goToBank(page, where);
  await typeCard(page, TEST_CARDS.succeeds);
  await expectReturnPage(page);
  await expectOutcome(page, kaCardPayment.outcome.succeededTitle);
  await page.getByRole('link', { name: kaCardPayment.outcome.toLoans }).click();
  await expect(page.getByRole('region', { name: ka.loans.title })).toBeVisible();
}

/** The order's id in the return page's address. */
export function orderIdIn(page: Page): number {
  const id = Number(new URL(page.url()).searchParams.get('order'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`no order in ${page.url()}`);
  return id;
}

/** Back on the client's return page for an order, `/payment?order=<id>`. */
export async function expectReturnPage(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/payment\?order=\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: kaCardPayment.outcome.title }),
  ).toBeVisible();
  return orderIdIn(page);
}

/**
 * Holds the page's reads of an order once one has answered it `processing`, until `release`
 * is called, as a slow connection would: the page shows the order as the bank left it, so a
 * test can look at that state (axe, a screenshot) without racing the bank's decision, which
 * the next read, once released, brings. A read before that passes (a saved card's order is
 * `created` for a moment, longer on a loaded machine: holding its next read held the page
 * there).
 */
export async function holdLaterOrderReads(page: Page): Promise<() => Promise<void>> {
  const oneOrder = /\/api\/loan\/payment_orders\/\d+\/$/;
  let processingShown = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    if (processingShown) {
      await released;
      await route.fallback();
      return;
    }
    const response = await route.fetch();
    const order: unknown = await response.json().catch(() => undefined);
    if (typeof order === 'object' && order !== null && 'status' in order) {
      processingShown = order.status === 'processing';
    }
    await route.fulfill({ response });
  };
  await page.route(oneOrder, hold);
  return async () => {
    release();
    await page.unroute(oneOrder, hold);
  };
}

/**
 * The return page's decided outcome: its heading, which takes the focus as it arrives. The
 * sandbox's bank is asked to decide the page's order now (bankDecidesNow), unless
 * `bankDecidesItself`: then the page waits for the decision the bank makes on its own.
 */
export async function expectOutcome(
  page: Page,
  title: string,
  { bankDecidesItself = false } = {},
): Promise<void> {
  if (!bankDecidesItself) await bankDecidesNow(page);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeFocused();
}

/**
 * Has the sandbox's bank decide the order of the return page the customer is on now, not
 * BANK_DECISION_SECONDS after the submit (E2E_SANDBOX_ENV): the page's next read of the order
 * brings the outcome, as it would the bank's own. An order that is not processing (canceled,
 * expired, decided already) is left as it is.
 */
export async function bankDecidesNow(page: Page): Promise<void> {
  const response = await fetch(
    `${SANDBOX_URL}/__sandbox/payment_orders/${orderIdIn(page)}/decide`,
    { method: 'POST' },
  );
  if (response.status === 200) return;
  expect(await response.json(), 'the bank asked to decide').toMatchObject({
    code: 'order_not_processing',
  });
}

/** axe finds nothing on the page as it is; `what` names the state in the failure. */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${what}`).toEqual([]);
}

/** Nothing on the page is wider than the screen at these widths (the viewport is put back). */
export async function expectFits(page: Page, widths: readonly number[], what: string) {
  const before = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: before?.height ?? 844 });
    expect(await sidewaysOverflow(page), `${what} at ${width} px`).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}

/**
 * What the customer sees now (the viewport), kept with the test's results to be looked at: the
 * Chromium projects' (in Firefox, Playwright's screenshot injects a style element, which the
 * page's CSP refuses as it would any other: a violation the suite fails on).
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (page.context().browser()?.browserType().name() === 'firefox') return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/** The provider's answers as the customer gets them, asked at the sandbox with their password. */
async function asCustomer<T>(personalNumber: string, path: string): Promise<T> {
  const login = await fetch(`${SANDBOX_URL}/api/user/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: personalNumber, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const response = await fetch(`${SANDBOX_URL}${path}`, {
    headers: { Authorization: `JWT ${access}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The loan's next due date (YYYY-MM-DD), as the provider has it now. */
export async function nextDueOf(personalNumber: string, loanId: number): Promise<string> {
  const loans = await asCustomer<{ id: number; next_payment_date: string | null }[]>(
    personalNumber,
    '/api/loan/loan/',
  );
  const due = loans.find((loan) => loan.id === loanId)?.next_payment_date;
  if (!due) throw new Error(`loan ${loanId} has no next due date`);
  return due;
}

/** The customer's newest payment order's id. */
export async function newestOrderOf(personalNumber: string): Promise<number> {
  const orders = await asCustomer<{ id: number }[]>(personalNumber, '/api/loan/payment_orders/');
  if (!orders[0]) throw new Error('no payment order');
  return orders[0].id;
}

/** POSTs to one of the sandbox's development helpers; answers its JSON. */
export async function sandboxHelper<T>(path: string, body: unknown, status = 200): Promise<T> {
  const response = await fetch(`${SANDBOX_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * The session as the page server would find it had the customer stayed at the bank past the
 * idle limit (SESSION_IDLE_SECONDS, 900 by default): the sealed cookie resealed with its last
 * use that long ago, with the key the suite knows (E2E_SANDBOX_ENV). The page server, not the
 * test, then ends it.
 */
export async function idleBeyondTheLimit(page: Page): Promise<void> {
  const context = page.context();
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  const keys = sessionKeys({ SESSION_SECRET: E2E_SANDBOX_ENV.SESSION_SECRET });
  const limits = { idleSeconds: 86_400, maxSeconds: DEFAULT_SESSION_MAX_SECONDS };
  const now = Math.floor(Date.now() / 1000);
  const opened = await openSession(cookie.value, keys, limits, now);
  if (opened.kind !== 'open') throw new Error(`the session cookie is ${opened.kind}`);
  const used = now - DEFAULT_SESSION_TIMING.idleSeconds - 60;
  const sealed = await sealSession({ ...opened.session, used }, keys, limits);
  await context.addCookies([{ ...cookie, value: sealed }]);
}
