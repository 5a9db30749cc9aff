// What contract v1.2 gives a customer, against the embedded sandbox, on a phone and a
// desktop: the payments and a receipt for each that prints alone, marketing consent given and
// withdrawn, a loan's documents after a newer contract is published, a complaint sent from a
// loan's card and answered, help with payments asked for from the overdue notice and answered.
// Each test makes its own customer and loan, so none spends the seed customers' state.
import type { Locator, Page } from '@playwright/test';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaComplaints } from 'remote-account/words/ka-complaints';
import { kaConsents } from 'remote-account/words/ka-consents';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { expect, test } from '../fixtures';
import {
  type GivenLoan,
  giveLoan,
  logInViaUi,
  newCustomer,
  openAccountPanel,
  PASSWORD,
  registerViaApi,
} from '../utils/account-utils';
import { axeViolations } from '../utils/axe';
import { BANK_ORIGIN, payOnBankAndReturn } from '../utils/payment-utils';
import { ACCOUNT, CUSTOMER_FLOW, LOANS } from '../utils/tags';
import { SANDBOX_URL } from '../utils/urls';

// Payments go through the sandbox's bank, on its own origin (contract v1.3).
test.use({ mockedProvider: false, offSiteOrigins: [BANK_ORIGIN] });

async function customerWithLoan(page: Page, loan: GivenLoan): Promise<number> {
  const customer = newCustomer();
  await registerViaApi(customer);
  const id = await giveLoan(customer.personalNumber, loan);
  await page.goto('/');
  await logInViaUi(page, customer.personalNumber);
  return id;
}

/** The loan's card in the customer's loans, found by its amount. */
const loanCard = (page: Page, amount: RegExp): Locator =>
  page
    .getByRole('region', { name: /ჩემი სესხები/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: amount }) })
    .first();

/** One payment of the next instalment from a loan's card. */
async function payNext(page: Page, card: Locator) {
  await card.getByRole('button', { name: kaLoans.loan.pay }).click();
  await card.getByRole('radio', { name: new RegExp(`^${kaLoans.repay.next}`) }).check();
  await card.getByRole('button', { name: kaLoans.repay.continue }).click();
  await payOnBankAndReturn(page, card);
}

test('a customer pays twice and pays off, then prints each receipt, and the printed page holds it alone', {
  tag: LOANS,
}, async ({ page, consoleProblems }) => {
  test.setTimeout(120_000);
  const loanId = await customerWithLoan(page, { amount: '900.00', term: 3, daysAgo: 20 });
  const card = loanCard(page, /900,00/);
  await payNext(page, card);
  await payNext(page, card);
  const p = kaLoans.payoff;
  await card.getByRole('button', { name: p.open }).click();
  await card
    .getByRole('region', { name: p.title })
    .getByRole('button', { name: p.payToday })
    .click();
  await payOnBankAndReturn(page, card);
  await expect(card).toContainText(kaLoans.status.repaid);

  await card.getByText(kaLoans.payments.title, { exact: true }).click();
  const payments = card.getByRole('listitem').filter({ hasText: /R-\d+-\d+|₾/ });
  await expect(card.getByRole('button', { name: /^ქვითარი R-/ })).toHaveCount(3);
  await expect(card).toContainText(kaLoans.payments.kind.payoff);
  expect(await payments.count()).toBeGreaterThanOrEqual(3);

  for (const n of [1, 2, 3]) {
    const number = `R-${loanId}-${n}`;
    await card.getByRole('button', { name: `ქვითარი ${number}` }).click();
    const receipt = card.getByRole('region', { name: kaLoans.receipt.title });
    await expect(receipt.getByRole('heading', { name: kaLoans.receipt.title })).toBeFocused();
    await expect(receipt).toContainText(number);
    await expect(receipt).toContainText(kaLoans.receipt.lenderName);
    if (n === 1) expect(await axeViolations(page)).toEqual([]);

    // On paper: this receipt, and nothing of the page.
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('body > [data-print-root]');
    await expect(printed).toBeVisible();
    await expect(printed).toContainText(`${kaLoans.receipt.title} ${number}`);
    await expect(page.locator('#root')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(printed).toBeHidden();

    await receipt.getByRole('button', { name: kaLoans.receipt.close }).click();
    await expect(receipt).toBeHidden();
  }
  expect(consoleProblems).toEqual([]);
});

test('a customer gives marketing consent in the account panel and withdraws it', {
  tag: [CUSTOMER_FLOW, ACCOUNT],
}, async ({ page, consoleProblems }) => {
  const customer = newCustomer();
  await registerViaApi(customer);
  await page.goto('/');
  await logInViaUi(page, customer.personalNumber);
  const panel = await openAccountPanel(page);
  const consents = panel.getByRole('region', { name: kaConsents.title });
  await expect(consents).toContainText(kaConsents.kind.terms);
  await expect(consents).toContainText(kaConsents.personalDataWithdraw);
  const box = consents.getByRole('checkbox', { name: kaConsents.marketingAccept });
  await expect(box).not.toBeChecked();

  await box.check();
  await expect(consents.getByRole('status')).toContainText(kaConsents.marketingGiven);
  expect(await axeViolations(page)).toEqual([]);

  // The provider keeps it: a reload shows it given.
  await page.reload();
  const again = (await openAccountPanel(page)).getByRole('region', { name: kaConsents.title });
  const kept = again.getByRole('checkbox', { name: kaConsents.marketingAccept });
  await expect(kept).toBeChecked();
  await kept.uncheck();
  await expect(again.getByRole('status')).toContainText(kaConsents.marketingWithdrawn);
  await expect(again).toContainText(/თანხმობა გამოთხოვილია/);
  expect(consoleProblems).toEqual([]);
});

test('an overdue customer asks for a payment holiday from the notice, and sees the answer there', {
  tag: LOANS,
}, async ({ page, consoleProblems }) => {
  await customerWithLoan(page, { amount: '1500.00', term: 6, daysAgo: 95, paidRows: 1 });
  const h = kaLoans.hardship;
  const notice = page.getByRole('region', { name: kaLoans.overdue.title });
  // How fast the debt grows, beside the penalty.
  await expect(notice).toContainText(/ყოველ დღეს ემატება/);
  await notice.getByText(h.offer).click();
  await notice.getByRole('radio', { name: h.kinds.payment_holiday }).check();
  await notice.getByRole('radio', { name: h.reasons.income_loss }).check();
  await notice.getByLabel(h.text).fill('სამსახური დავკარგე, ახალს ვეძებ.');
  await notice.getByRole('button', { name: h.send }).click();
  await expect(notice).toContainText(h.openExplained);
  await expect(notice.getByRole('button', { name: h.send })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // The lender answers (the sandbox's staff call); the customer finds it where they asked.
  const requests = await page.request.get('/api/loan/loan/', { failOnStatusCode: true });
  const [loan] = (await requests.json()) as { id: number }[];
  const asked = await page.request.get(`/api/loan/loan/${loan?.id}/hardship/`);
  const [request] = (await asked.json()) as { id: number }[];
  const decided = await fetch(`${SANDBOX_URL}/__sandbox/hardship/${request?.id}/decision`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'accepted', answer: 'გადახდები 2 თვით შეჩერდა.' }),
  });
  expect(decided.status).toBe(200);
  await page.reload();
  const after = page.getByRole('region', { name: kaLoans.overdue.title });
  await after.getByText(h.offer).click();
  await expect(after).toContainText(h.accepted);
  await expect(after).toContainText('გადახდები 2 თვით შეჩერდა.');
  expect(consoleProblems).toEqual([]);
});

test('a loan’s documents keep the contract version it accepted after the lender publishes a newer one', {
  tag: LOANS,
}, async ({ page, consoleProblems }) => {
  const loanId = await customerWithLoan(page, { amount: '800.00', term: 3, daysAgo: 5 });
  const asked = await page.request.get(`/api/loan/loan/${loanId}/contract/`, {
    failOnStatusCode: true,
  });
  const accepted = ((await asked.json()) as { terms: { version: string; title: string } }).terms;
  // The lender publishes the contract's next version (the sandbox's staff call).
  const newer = `9.${Date.now() % 1_000_000}`;
  const published = await fetch(`${SANDBOX_URL}/__sandbox/terms`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      contact_type: 1,
      title: accepted.title,
      content: `<h2>1. რედაქცია ${newer}</h2><p>ეს პირობები ძალაშია დღეიდან.</p>`,
      version: newer,
    }),
  });
  expect(published.status).toBe(201);

  await page.reload();
  const card = loanCard(page, /800,00/);
  await card.getByText(kaLoans.documents.offer, { exact: true }).click();
  const documents = card.getByRole('heading', { name: `სესხის დოკუმენტები: №${loanId}` });
  await expect(documents).toBeVisible();
  // The version the application accepted, when, and its text; not the one published since.
  await expect(card).toContainText(`ვერსია ${accepted.version},`);
  await expect(card).not.toContainText(newer);
  await expect(card).not.toContainText(`რედაქცია ${newer}`);
  await expect(card.getByRole('group', { name: accepted.title })).toBeVisible();
  await expect(card).toContainText(kaLoans.documents.effectiveRate);
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleProblems).toEqual([]);
});

test(
  'a loan’s documents print within the paper’s width, from a phone’s to A4’s',
  { tag: LOANS },
  async ({ page, consoleProblems }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'it prints at both widths itself, once');
    // The seed customer with v1.2's records (only read here): a paid-off loan, five payments.
    await page.goto('/');
    await logInViaUi(page, '01001000007');
    const card = loanCard(page, /1\s200,00/);
    await card.getByText(kaLoans.documents.offer, { exact: true }).click();
    await expect(card).toContainText(/R-\d+-5/);
    const paper = page.locator('body > [data-print-root]');
    // A phone's page (390 px) and A4's printable width at 96 dpi (210 mm less 2 × 10 mm margins).
    for (const width of [390, 718]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ media: 'print' });
      await expect(paper).toBeVisible();
      await expect(paper.locator('table')).toHaveCount(2);
      const measured = await paper.evaluate((root) => ({
        page: document.documentElement.clientWidth,
        pageScroll: document.documentElement.scrollWidth,
        tables: [...root.querySelectorAll('table')].map((table) => ({
          name: table.caption?.textContent ?? '',
          width: Math.ceil(table.getBoundingClientRect().width),
        })),
        // Anything wider than its box: a scrolling box (its right-hand columns lost on paper) or
        // content spilling out of one. A caption for screen readers alone is 1 px by design.
        spills: [...root.querySelectorAll('*')]
          .filter(
            (element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 1,
          )
          .map((element) => `${element.tagName} ${element.scrollWidth}>${element.clientWidth}`),
      }));
      expect(measured.pageScroll, `${width} px`).toBeLessThanOrEqual(measured.page);
      for (const table of measured.tables) {
        expect(table.width, `${table.name} at ${width} px`).toBeLessThanOrEqual(measured.page);
      }
      expect(measured.spills, `${width} px`).toEqual([]);
      await page.emulateMedia({ media: 'screen' });
    }
    expect(consoleProblems).toEqual([]);
  },
);

test('a customer complains about a loan from its card, gets a case number, then the answer and the way to the National Bank', {
  tag: [LOANS, ACCOUNT],
}, async ({ page, consoleProblems }) => {
  const c = kaComplaints;
  const loanId = await customerWithLoan(page, { amount: '700.00', term: 3, daysAgo: 10 });
  // From the loan's card: the complaints page, with that loan chosen.
  await loanCard(page, /700,00/)
    .getByRole('link', { name: kaLoans.complainAbout })
    .click();
  await expect(page).toHaveURL(new RegExp(`/complaints\\?loan=${loanId}$`));
  await expect(page.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  const form = page.getByRole('form', { name: c.formTitle });
  await expect(form.getByRole('combobox', { name: c.loan })).toHaveValue(String(loanId));
  await expect(page).toHaveTitle(new RegExp(`^${c.title}`));

  await form.getByRole('radio', { name: c.topics.payment }).check();
  const text = 'მეორე შენატანი ორჯერ ჩამომეჭრა ბარათიდან.';
  await form.getByRole('textbox', { name: c.text }).fill(text);
  await expect(form).toContainText(`${text.length} / 2000`);
  await form.getByRole('button', { name: c.send }).click();
  const sent = form.getByRole('status');
  await expect(sent).toContainText(/GE-\d{4}-\d{6}/);
  const number = /GE-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
  const list = page.getByRole('list', { name: c.listTitle });
  const item = list.getByRole('listitem').filter({ hasText: number });
  await expect(item).toContainText(c.statuses.received);
  await expect(item.getByRole('note')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // The lender answers (the sandbox's staff call); the customer reads it, and where to go next.
  const mine = await page.request.get('/api/support/complaints/', { failOnStatusCode: true });
  const [complaint] = (await mine.json()) as { id: number }[];
  const answered = await fetch(`${SANDBOX_URL}/__sandbox/complaints/${complaint?.id}/answer`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ answer: 'მეორე შენატანი დაგიბრუნდათ.' }),
  });
  expect(answered.status).toBe(200);
  await page.reload();
  const after = page.getByRole('list', { name: c.listTitle }).getByRole('listitem').first();
  await expect(after).toContainText(number);
  await expect(after).toContainText(c.statuses.answered);
  await expect(after).toContainText('მეორე შენატანი დაგიბრუნდათ.');
  await expect(after.getByRole('note', { name: c.disputeTitle })).toContainText(
    /ეროვნული ბანკის დავების განმხილველ კომისიას/,
  );
  expect(await axeViolations(page)).toEqual([]);

  // The account panel leads here too, and the page is the customer's alone.
  await page.goto('/');
  const panel = await openAccountPanel(page);
  await panel.getByRole('link', { name: c.panelLink }).click();
  await expect(page).toHaveURL(/\/complaints$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('list', { name: c.listTitle })).toContainText(number);
  expect(consoleProblems).toEqual([]);
});

test('a visitor asking for the complaints page logs in first, and lands there', {
  tag: [CUSTOMER_FLOW, ACCOUNT],
}, async ({ page }) => {
  const customer = newCustomer();
  await registerViaApi(customer);
  await page.goto('/complaints');
  // The login panel opens on the home page, the way back kept in the address.
  await expect(page).toHaveURL(/\/\?next=%2Fcomplaints$/);
  const login = page.getByRole('dialog', { name: kaAccount.loginTitle });
  await expect(login).toBeVisible();
  await login.getByLabel(kaAccount.personalNumber).fill(customer.personalNumber);
  await login.getByLabel(kaAccount.password).fill(PASSWORD);
  await login.getByRole('button', { name: kaAccount.submitLogin }).click();
  await expect(page).toHaveURL(/\/complaints$/);
  await expect(page.getByText(kaComplaints.empty)).toBeVisible();
});
