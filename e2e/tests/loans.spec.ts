import type { Locator, Page } from '@playwright/test';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { kaApplication as t } from 'remote-loans/words/ka-application';
import { kaCardPayment } from 'remote-loans/words/ka-card-payment';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { KA_BANK } from 'sandbox-api/words/ka-bank';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { logInViaUi } from '../utils/account-utils';
import { axeViolations } from '../utils/axe';
import { chooseWithArrows, tabTo } from '../utils/keyboard-utils';
import { expectClearOfHeader, sidewaysOverflow } from '../utils/layout-utils';
import { expectNoEndlessAnimation } from '../utils/page-utils';
import {
  BANK_ORIGIN,
  CARD_CODE,
  CARD_EXPIRY,
  CARD_HOLDER,
  expectBankPage,
  expectOutcome,
  expectReturnPage,
  payOnBankAndReturn,
  TEST_CARDS,
} from '../utils/payment-utils';
import { CUSTOMER_FLOW } from '../utils/tags';

// The money flow against the embedded sandbox (decisions in seconds: DECISION_DELAY=2).
// Payments go through the sandbox's bank, on its own origin (contract v1.3).
test.use({ mockedProvider: false, offSiteOrigins: [BANK_ORIGIN] });

const SEEDED = {
  verified: '01001000001',
  unverified: '01001000002',
  overdue: '01001000004',
  riskFlagged: '01001000005',
} as const;

/** A radio's name begins with its label; the amount follows. */
const startsWith = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const application = (page: Page) => page.getByRole('region', { name: t.title });

/** From the calculator to a submitted application: key terms read, contract accepted. */
async function applyFor(page: Page, term: string) {
  const calculator = page.getByRole('region', { name: kaCalculator.title });
  await calculator.getByRole('radio', { name: term }).check();
  await calculator.getByRole('button', { name: kaCalculator.apply }).click();
  const sheet = application(page).getByRole('region', { name: t.keyTerms.title });
  await expect(sheet).toContainText(t.keyTerms.effectiveRate);
  await expect(sheet).toContainText(t.keyTerms.firstDue);
  expect(await axeViolations(page)).toEqual([]);
  await application(page).getByRole('checkbox', { name: t.contract.accept }).check();
  await application(page).getByRole('button', { name: t.contract.submit }).click();
  // The status replaces the taller form: it is brought into view and takes focus.
  const status = application(page).getByRole('heading', { name: t.status.title });
  await expect(status).toBeFocused();
  await expectClearOfHeader(page, status);
}

test('a customer’s next payment comes first on their phone, and is paid from there', {
  tag: CUSTOMER_FLOW,
}, async ({ page }) => {
  await page.goto('/');
  await logInViaUi(page, SEEDED.verified);
  const next = page.getByRole('region', { name: kaLoans.next.title });
  const calculator = page.getByRole('region', { name: kaCalculator.title });
  await expect(next).toContainText(kaLoans.next.amount);
  await expect(next).toContainText(kaLoans.next.outstanding);
  // The slots below the fold wait for the viewport without a shimmer.
  await expectNoEndlessAnimation(page);
  // On the first screen, above the calculator.
  await page.evaluate(() => scrollTo(0, 0));
  await expect(next).toBeInViewport();
  const [nextBox, calculatorBox] = [await next.boundingBox(), await calculator.boundingBox()];
  expect(nextBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(calculatorBox?.y ?? 0);

  await next.getByRole('button', { name: kaLoans.loan.pay }).click();
  await expect(next.getByRole('radio', { name: startsWith(kaLoans.repay.next) })).toBeChecked();
  await next.getByRole('button', { name: kaLoans.repay.cancel }).click();
  await expect(next.getByRole('button', { name: kaLoans.loan.pay })).toBeFocused();
});

test('a loan’s payment schedule scrolls in its own box: the page keeps the phone’s width', {
  tag: CUSTOMER_FLOW,
}, async ({ page }) => {
  await page.goto('/');
  await logInViaUi(page, SEEDED.verified);
  const card = page.getByRole('region', { name: ka.loans.title }).getByRole('listitem').first();
  await card.getByText(kaLoans.schedule.title, { exact: true }).click();
  const schedule = card.getByRole('region', { name: /გადახდის გრაფიკი/ });
  await expect(schedule.getByRole('table')).toBeVisible();
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await sidewaysOverflow(page), `at ${width} px`).toEqual([]);
    expect(await schedule.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  }
});

test('a verified customer applies and sees the issued loan without a reload', async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/');
  await logInViaUi(page, SEEDED.verified);
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await applyFor(page, '6 თვე');

  await expect(application(page)).toContainText(kaLoans.applicationStatus.pending);
  expect(await axeViolations(page)).toEqual([]);
  await expect(application(page)).toContainText(t.status.issued, { timeout: 30_000 });
  await expect(application(page)).toContainText(/პირველი გადახდა/);
  const loans = page.getByRole('region', { name: ka.loans.title });
  const newLoan = loans
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /1\s000,00/ }) });
  await expect(newLoan).toHaveCount(1);
  expect(loads).toBe(0);

  await application(page).getByRole('button', { name: t.status.done }).click();
  await expect(page.getByRole('region', { name: kaCalculator.title })).toBeVisible();

  // Two payments: the next one, then everything that is left.
  await repay(page, newLoan, startsWith(kaLoans.repay.next));
  await expect(newLoan).toContainText(kaLoans.status.active);
  await repay(page, newLoan, startsWith(kaLoans.repay.full));
  await expect(newLoan).toContainText(kaLoans.status.repaid);
  await expect(newLoan.getByRole('button', { name: kaLoans.loan.pay })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleProblems).toEqual([]);
});

/** One repayment from a loan's card: choose, look at the confirmation, pay at the bank. */
async function repay(page: Page, loan: Locator, choice: RegExp) {
  await loan.getByRole('button', { name: kaLoans.loan.pay }).click();
  await loan.getByRole('radio', { name: choice }).check();
  await loan.getByRole('button', { name: kaLoans.repay.continue }).click();
  await expect(loan).toContainText(kaLoans.repay.remains);
  await payOnBankAndReturn(page, loan);
}

test('log in, apply and repay with the keyboard alone', async ({ page, consoleProblems }) => {
  await page.goto('/');
  const keys = (text: string) => page.keyboard.type(text);

  await tabTo(page, page.getByRole('banner').getByRole('button', { name: ka.account.login }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: kaAccount.loginTitle });
  await expect(dialog.getByLabel(kaAccount.personalNumber)).toBeFocused();
  await keys(SEEDED.verified);
  await page.keyboard.press('Tab');
  await keys('Sandbox123');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const calculator = page.getByRole('region', { name: kaCalculator.title });
  await chooseWithArrows(page, calculator, calculator.getByRole('radio', { name: '3 თვე' }));
  await tabTo(page, calculator.getByRole('button', { name: kaCalculator.apply }));
  await page.keyboard.press('Enter');

  const accept = application(page).getByRole('checkbox', { name: t.contract.accept });
  await tabTo(page, accept);
  await page.keyboard.press('Space');
  await expect(accept).toBeChecked();
  await tabTo(page, application(page).getByRole('button', { name: t.contract.submit }));
  await page.keyboard.press('Enter');
  await expect(application(page)).toContainText(t.status.issued, { timeout: 30_000 });
  await tabTo(page, application(page).getByRole('button', { name: t.status.done }));
  await page.keyboard.press('Enter');

  const loan = page
    .getByRole('region', { name: ka.loans.title })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /1\s000,00/ }) })
    .filter({ hasText: kaLoans.status.active });
  await tabTo(page, loan.getByRole('button', { name: kaLoans.loan.pay }));
  await page.keyboard.press('Enter');
  await chooseWithArrows(
    page,
    loan,
    loan.getByRole('radio', { name: startsWith(kaLoans.repay.full) }),
  );
  await tabTo(page, loan.getByRole('button', { name: kaLoans.repay.continue }));
  await page.keyboard.press('Enter');
  await tabTo(page, loan.getByRole('button', { name: kaCardPayment.payWithCard }));
  await page.keyboard.press('Enter');

  // The bank's page, by the keyboard too: its fields in order, Enter pays.
  await expectBankPage(page, KA_BANK.cardTitle);
  await tabTo(page, page.getByLabel(KA_BANK.cardNumber));
  await keys(TEST_CARDS.succeeds);
  for (const value of [CARD_EXPIRY, CARD_CODE, CARD_HOLDER]) {
    await page.keyboard.press('Tab');
    await keys(value);
  }
  await page.keyboard.press('Enter');
  await expectReturnPage(page);
  await expectOutcome(page, kaCardPayment.outcome.succeededTitle);
  expect(consoleProblems).toEqual([]);
});

test('an overdue customer sees days, penalty and total due, pays it, and the notice goes', async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/');
  await logInViaUi(page, SEEDED.overdue);
  const notice = page.getByRole('region', { name: kaLoans.overdue.title });
  await expect(notice).toContainText(kaLoans.overdue.days);
  await expect(notice).toContainText(/\d+ დღე/);
  await expect(notice).toContainText(kaLoans.overdue.penalty);
  await expect(notice).toContainText(kaLoans.overdue.totalDue);
  // What is overdue comes first on the page.
  const noticeBox = await notice.boundingBox();
  const calculatorBox = await page.getByRole('region', { name: kaCalculator.title }).boundingBox();
  expect(noticeBox && calculatorBox && noticeBox.y < calculatorBox.y).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  await notice.getByRole('button', { name: kaLoans.overdue.pay }).click();
  await expect(
    notice.getByRole('radio', { name: startsWith(kaLoans.repay.totalDue) }),
  ).toBeChecked();
  await notice.getByRole('button', { name: kaLoans.repay.continue }).click();
  await payOnBankAndReturn(page, notice);

  await expect(notice).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleProblems).toEqual([]);
});

test('an unverified customer meets the fixed term, and not_verified leads to the verification steps', {
  tag: CUSTOMER_FLOW,
}, async ({ page, consoleProblems }) => {
  await page.goto('/');
  await logInViaUi(page, SEEDED.unverified);
  const calculator = page.getByRole('region', { name: kaCalculator.title });
  await expect(calculator.getByText('3 თვე', { exact: true })).toBeVisible();
  await calculator.getByRole('button', { name: kaCalculator.apply }).click();

  const blocked = application(page).getByRole('alert');
  await expect(blocked).toContainText(t.blocked.not_verified.title);
  expect(await axeViolations(page)).toEqual([]);
  await blocked.getByRole('link', { name: t.blocked.not_verified.action }).click();
  await expect(page).toHaveURL(/#verification$/);
  // The section's title in view, below the sticky header, not under it.
  await expectClearOfHeader(page, page.locator('#verification').getByRole('heading').first());
  expect(consoleProblems).toEqual([]);
});

test('a risk-flagged customer sees why the application was rejected', async ({
  page,
  consoleProblems,
}) => {
  await page.goto('/');
  await logInViaUi(page, SEEDED.riskFlagged);
  await applyFor(page, '12 თვე');

  await expect(application(page)).toContainText(t.status.rejected, { timeout: 30_000 });
  await expect(application(page)).toContainText(/მიზეზი: \S+/);
  await expect(application(page)).toContainText(t.status.rejectedNext);
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleProblems).toEqual([]);
});
