// What v1.1 gives a customer, against the embedded sandbox, on a phone and a desktop: consent
// to the processing of personal data given apart from the terms, withdrawal within 14 days,
// early payoff (from a loan's card and from the overdue notice). Each test makes its own
// customer and loan, so none spends the seed customers' state.
import type { Locator, Page } from '@playwright/test';
import { kaAccount } from 'remote-account/words/ka-account';
import { kaRegistration } from 'remote-account/words/ka-registration';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import {
  banner,
  type GivenLoan,
  giveLoan,
  logInViaUi,
  newCustomer,
  PASSWORD,
  registerViaApi,
} from '../utils/account-utils';
import { axeViolations } from '../utils/axe';
import { tabTo } from '../utils/keyboard-utils';
import { BANK_ORIGIN, payOnBankAndReturn } from '../utils/payment-utils';
import { ACCOUNT, LOANS } from '../utils/tags';

// Payments go through the sandbox's bank, on its own origin (contract v1.3).
test.use({ mockedProvider: false, offSiteOrigins: [BANK_ORIGIN] });

test('a visitor registers, consenting to the personal-data notice apart from the terms', {
  tag: ACCOUNT,
}, async ({ page }) => {
  const customer = newCustomer();
  await page.goto('/');
  // A phone's header has room for the login button only; registration is offered from there.
  await banner(page).getByRole('button', { name: ka.account.login }).click();
  await page
    .getByRole('dialog', { name: kaAccount.loginTitle })
    .getByRole('button', { name: kaRegistration.register })
    .click();
  const panel = page.getByRole('dialog', { name: kaRegistration.title });
  const fields: [string, string][] = [
    [kaAccount.personalNumber, customer.personalNumber],
    [kaRegistration.firstName, customer.firstName],
    [kaRegistration.lastName, customer.lastName],
    [kaRegistration.birthDate, customer.birthDate],
    [kaRegistration.phone, customer.phone],
  ];
  for (const [label, value] of fields) await panel.getByLabel(label).fill(value);
  await panel.getByLabel(kaRegistration.email, { exact: true }).fill(customer.email);
  await panel.getByLabel(kaAccount.password, { exact: true }).fill(PASSWORD);
  await panel.getByLabel(kaRegistration.passwordConfirm).fill(PASSWORD);
  await panel.getByLabel(kaRegistration.termsAccept).check();

  // The notice is its own block, readable, with its own box, never ticked for the customer.
  const notice = panel.getByRole('group', { name: kaRegistration.personalData });
  await expect(notice.getByRole('region')).toContainText(/პერსონალურ/);
  const consent = notice.getByRole('checkbox', { name: kaRegistration.personalDataAccept });
  await expect(consent).not.toBeChecked();

  // Without consent nothing is sent: the box says why and takes focus; nothing typed is lost.
  await panel.getByRole('button', { name: kaRegistration.submit }).click();
  await expect(notice).toContainText(kaRegistration.personalDataRequired);
  await expect(consent).toBeFocused();
  for (const [label, value] of fields) await expect(panel.getByLabel(label)).toHaveValue(value);
  await expect(panel.getByLabel(kaRegistration.termsAccept)).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);

  // The keyboard ticks it.
  await tabTo(page, consent);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await panel.getByRole('button', { name: kaRegistration.submit }).click();
  await expect(panel.getByRole('status')).toContainText(kaRegistration.done);
});

/** A new customer with one loan in the state asked for, logged in on the home page. */
async function customerWithLoan(page: Page, loan: GivenLoan): Promise<void> {
  const customer = newCustomer();
  await registerViaApi(customer);
  await giveLoan(customer.personalNumber, loan);
  await page.goto('/');
  await logInViaUi(page, customer.personalNumber);
}

/** The loan's card in the customer's loans, found by its amount. */
const loanCard = (page: Page, amount: RegExp): Locator =>
  page
    .getByRole('region', { name: ka.loans.title })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: amount }) });

const w = kaLoans.withdrawal;
const p = kaLoans.payoff;

test('a customer withdraws a loan within its 14 days, with the keyboard alone', {
  tag: LOANS,
}, async ({ page }) => {
  await customerWithLoan(page, { amount: '1000.00', term: 6, daysAgo: 3 });
  const card = loanCard(page, /1\s000,00/);
  await expect(card).toContainText(/დარჩა 11 დღე/);

  await tabTo(page, card.getByRole('button', { name: w.open }));
  await page.keyboard.press('Enter');
  const panel = card.getByRole('region', { name: w.title });
  await expect(panel).toContainText(w.amountToReturn);
  await expect(panel).toContainText(w.feeRefunded);
  // Received 980,00 (the 2% fee withheld, now refunded) and 3 days' interest at 24% a year.
  await expect(panel).toContainText(/981,93/);
  expect(await axeViolations(page)).toEqual([]);

  await tabTo(page, panel.getByRole('button', { name: w.continue }));
  await page.keyboard.press('Enter');
  const confirmTitle = card.getByRole('heading', { name: w.confirmTitle });
  await expect(confirmTitle).toBeFocused();
  await expect(card).toContainText(/დააბრუნებთ 981,93/);
  expect(await axeViolations(page)).toEqual([]);
  await tabTo(page, card.getByRole('button', { name: w.confirm }));
  await page.keyboard.press('Enter');

  await expect(card.getByText(w.done)).toBeVisible();
  await expect(card).toContainText(kaLoans.status.withdrawn);
  await expect(card.getByRole('button', { name: w.open })).toHaveCount(0);
  await expect(card.getByRole('button', { name: kaLoans.loan.pay })).toHaveCount(0);
});

test('a customer quotes a payoff for a later date, then pays the loan off today', {
  tag: LOANS,
}, async ({ page }) => {
  await customerWithLoan(page, { amount: '1500.00', term: 6, daysAgo: 20 });
  const card = loanCard(page, /1\s500,00/);
  await card.getByRole('button', { name: p.open }).click();
  const panel = card.getByRole('region', { name: p.title });
  await expect(panel.getByRole('button', { name: p.payToday })).toBeVisible();
  await expect(panel).toContainText(p.saved);
  const field = panel.getByLabel(p.date);
  const today = (await field.getAttribute('min')) ?? '';
  const todayTotal = await panel.getByRole('definition').first().textContent();

  // Ten days on: more interest, the same principal, still a saving against the schedule.
  const later = new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString();
  await field.fill(later.slice(0, 10));
  await expect(panel).toContainText(p.laterNote);
  await expect(panel.getByRole('button', { name: p.payToday })).toHaveCount(0);
  await expect(panel.getByRole('definition').first()).not.toHaveText(todayTotal ?? '');
  expect(await axeViolations(page)).toEqual([]);

  await panel.getByRole('button', { name: p.backToToday }).click();
  await expect(panel.getByRole('definition').first()).toHaveText(todayTotal ?? '');
  await panel.getByRole('button', { name: p.payToday }).click();
  await expect(card.getByRole('heading', { name: p.confirmTitle })).toBeFocused();
  await expect(card).toContainText(/დღეს გადაიხდით/);
  expect(await axeViolations(page)).toEqual([]);
  await payOnBankAndReturn(page, card);

  await expect(card).toContainText(kaLoans.status.repaid);
  await expect(card).toContainText(/ვადამდე დაფარულია/);
});

test('an overdue customer pays the whole loan off through the notice', { tag: LOANS }, async ({
  page,
}) => {
  await customerWithLoan(page, { amount: '1500.00', term: 6, daysAgo: 95, paidRows: 1 });
  const notice = page.getByRole('region', { name: kaLoans.overdue.title });
  await notice.getByRole('button', { name: p.open }).click();
  const quote = notice.getByRole('region', { name: p.title });
  await expect(quote).toContainText(p.penalty);
  await quote.getByRole('button', { name: p.payToday }).click();
  await expect(notice).toContainText(/დღეს გადაიხდით/);
  await payOnBankAndReturn(page, notice);

  await expect(notice).toBeHidden();
  await expect(loanCard(page, /1\s500,00/)).toContainText(kaLoans.status.repaid);
});
