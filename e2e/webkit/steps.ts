import { kaAccount } from 'remote-account/words/ka-account';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { kaCardPayment } from 'remote-loans/words/ka-card-payment';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { KA_BANK } from 'sandbox-api/words/ka-bank';
import { Key, type WebDriver } from 'selenium-webdriver';
import { formatMoney } from 'shared/lib/money';
import { ka } from 'shared/strings/ka';
import { giveLoan, newCustomer, PASSWORD, registerViaApi } from '../utils/account-utils';
import {
  BANK_ORIGIN,
  CARD_CODE,
  CARD_EXPIRY,
  CARD_HOLDER,
  TEST_CARDS,
} from '../utils/payment-utils';
import { HOST_URL, SANDBOX_URL } from '../utils/urls';
import { eventually, find, hydrated, isGone } from './page';

/** One thing a customer does in WebKit, from a page of its own to what they must then see. */
export interface Step {
  name: string;
  run: (driver: WebDriver) => Promise<void>;
}

/** The seeded verified customer (sandbox-api's seed), whose loans are active. */
const CUSTOMER = '01001000001';

async function monthlyPayment(amount: number): Promise<string> {
  const response = await fetch(`${SANDBOX_URL}/api/loan/calculator?amount=${amount}.00&term=12`);
  if (!response.ok) throw new Error(`the sandbox's calculator answered ${response.status}`);
  return spaced(
    formatMoney(((await response.json()) as { monthly_payment: string }).monthly_payment),
  );
}

/** WebDriver's text of an element says a no-break space as a space: so is what is expected. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function textOf(driver: WebDriver, kind: 'region' | 'dialog', name: string) {
  return spaced(await (await find(driver, kind, name)).getText());
}

/** Opens the home page as a visitor: no session left from a step before. */
async function openAsVisitor(driver: WebDriver): Promise<void> {
  await driver.get(HOST_URL);
  await driver.manage().deleteAllCookies();
  await driver.get(HOST_URL);
}

/** Logs in through the header's login panel, typing as a customer does. */
export async function logIn(driver: WebDriver, personalNumber: string): Promise<void> {
  const banner = await driver.findElement({ css: 'header' });
  await (await find(driver, 'button', ka.account.login, banner)).click();
  const dialog = await find(driver, 'dialog', kaAccount.loginTitle);
  await (await find(driver, 'field', kaAccount.personalNumber, dialog)).sendKeys(personalNumber);
  await (await find(driver, 'field', kaAccount.password, dialog)).sendKeys(PASSWORD);
  await (await find(driver, 'button', kaAccount.submitLogin, dialog)).click();
  await eventually('the login panel to close', () =>
    isGone(driver, 'dialog', kaAccount.loginTitle),
  );
}

/** Until the page is on an address `matches` accepts (the browser went there itself). */
function onAddress(driver: WebDriver, what: string, matches: (url: URL) => boolean) {
  return eventually(what, async () => matches(new URL(await driver.getCurrentUrl())));
}

/**
 * Today's smoke, in order. A step for the payment goes here as one more entry: the runner
 * prints each step's outcome and fails when any fails.
 */
export const STEPS: Step[] = [
  {
    name: "a visitor's calculator answers with the sandbox's offer, and follows the keyboard",
    async run(driver) {
      await openAsVisitor(driver);
      const calculator = await find(driver, 'region', kaCalculator.title);
      const expected = await monthlyPayment(1000);
      await eventually(`the monthly payment ${expected}`, async () =>
        (await textOf(driver, 'region', kaCalculator.title)).includes(expected),
      );
      const slider = await find(driver, 'field', kaCalculator.amountSlider, calculator);
      await hydrated(driver, slider);
      await slider.sendKeys(Key.END);
      const field = await find(driver, 'field', kaCalculator.amountField, calculator);
      await eventually(
        'the amount 10000',
        async () => (await field.getAttribute('value')) === '10000',
      );
      const most = await monthlyPayment(10000);
      await eventually(`the monthly payment ${most}`, async () =>
        (await textOf(driver, 'region', kaCalculator.title)).includes(most),
      );
    },
  },
  {
    name: 'a customer logs in and sees their loans',
    async run(driver) {
      await openAsVisitor(driver);
      await logIn(driver, CUSTOMER);
      await eventually('an active loan in “my loans”', async () =>
        (await textOf(driver, 'region', ka.loans.title)).includes(kaLoans.status.active),
      );
    },
  },
  {
    name: "a customer pays the next instalment on the bank's page and comes back to it paid",
    async run(driver) {
      const customer = newCustomer();
      await registerViaApi(customer);
      await giveLoan(customer.personalNumber, { amount: '900.00', term: 3, daysAgo: 20 });
      await openAsVisitor(driver);
      await logIn(driver, customer.personalNumber);
      const next = await find(driver, 'region', kaLoans.next.title);
      const pay = await find(driver, 'button', kaLoans.loan.pay, next);
      await hydrated(driver, pay);
      await pay.click();
      // The next instalment is the choice already made; on to the card.
      await (await find(driver, 'button', kaLoans.repay.continue, next)).click();
      await (await find(driver, 'button', kaCardPayment.payWithCard, next)).click();

      // The bank's page, on its own origin: a card typed as a customer types it.
      await onAddress(driver, "the bank's page", (url) => url.origin === BANK_ORIGIN);
      await (await find(driver, 'field', KA_BANK.cardNumber)).sendKeys(TEST_CARDS.succeeds);
      await (await find(driver, 'field', KA_BANK.expiry)).sendKeys(CARD_EXPIRY);
      await (await find(driver, 'field', KA_BANK.cvc)).sendKeys(CARD_CODE);
      await (await find(driver, 'field', KA_BANK.holder)).sendKeys(CARD_HOLDER);
      // The form's first submit button pays (its other one cancels).
      await (await driver.findElement({ css: 'form button:not([name="cancel"])' })).click();

      // Back on the lender's return page, which says the outcome once the bank has decided.
      await onAddress(
        driver,
        'the return page',
        (url) => url.origin === HOST_URL && url.pathname === '/payment',
      );
      await eventually('“paid” on the return page', async () =>
        spaced(await driver.findElement({ css: 'main' }).getText()).includes(
          kaCardPayment.outcome.succeededTitle,
        ),
      );
    },
  },
];
