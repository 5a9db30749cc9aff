import { Key, type WebDriver } from 'selenium-webdriver';
import { formatMoney } from 'shared/lib/money';
import { ka } from 'shared/strings/ka';
import { kaAccount } from '../../remote-account/src/lib/ka-account';
import { kaCalculator } from '../../remote-home/src/features/calculator/ka-calculator';
import { kaLoans } from '../../remote-loans/src/ka-loans';
import { PASSWORD } from '../utils/account-utils';
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
];
