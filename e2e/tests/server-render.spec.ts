import { formatMoney } from 'shared/lib/money';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { ka } from 'shared/strings/ka';
import { questionAnswers } from 'shared/testing/fixtures';
import { kaHost } from '../../host/src/app/ka-host';
import { kaCalculator as t } from '../../remote-home/src/features/calculator/ka-calculator';
import { expect, test } from '../fixtures';
import { SERVED } from '../utils/tags';
import { SANDBOX_URL } from '../utils/urls';

// A visitor's first screen comes from the server (decision 020): the calculator's figures are
// in the first HTML, the page works before and without JavaScript, and the browser takes it
// over without a hydration warning (the console guard fails on any). Through nginx
// (`pnpm test:prod`) the pages come from its page servers: the tests tagged SERVED run there too.
test.use({ mockedProvider: false });

/** What the customer reads for an amount of money (the formatter's spaces made plain). */
const plain = (text: string) => text.replace(/\s+/g, ' ');

async function sandboxMonthly(amount: number, term: number): Promise<string> {
  const response = await fetch(
    `${SANDBOX_URL}/api/loan/calculator?amount=${amount}.00&term=${term}`,
  );
  expect(response.status).toBe(200);
  const offer = (await response.json()) as { monthly_payment: string };
  return plain(formatMoney(offer.monthly_payment));
}

test('the first HTML a visitor gets holds the monthly payment the provider computed', {
  tag: SERVED,
}, async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = plain(await response.text());
  expect(html).toContain(await sandboxMonthly(1000, 12));
  // The page names its calculator and its questions, not a blank root.
  expect(html).toContain(t.title);
  expect(html).toContain(plain(questionAnswers[0]?.question ?? '—'));
});

test('a customer’s first HTML is the shell and every slot’s reserved place, none of their data', {
  tag: SERVED,
}, async ({ request }) => {
  // The server asks nothing with a session: a cookie's presence is all it reads of it.
  const session = encodeURIComponent(JSON.stringify({ access: 'a', refresh: 'r' }));
  const response = await request.get('/', { headers: { cookie: `${SESSION_COOKIE}=${session}` } });
  expect(response.status()).toBe(200);
  const html = plain(await response.text());
  expect(html).toContain('"audience":"customer"');
  const page = html.slice(html.indexOf('<div id="root">'));
  expect(page).toContain(kaHost.terms.title);
  // No visitor's buttons, no slot's content: the overdue notice, next payment, calculator,
  // loans, questions and the header's account entry are places the browser fills.
  expect(page).not.toContain(ka.account.register);
  expect(page).not.toContain(t.title);
  expect(page.match(/<!--\$!-->/g)).toHaveLength(6);
});

test('a page the server rendered is taken over by the browser: the calculator answers the keyboard', {
  tag: SERVED,
}, async ({ page }) => {
  await page.goto('/');
  const calculator = page.getByRole('region', { name: t.title });
  const monthly = calculator.locator('output').first();
  await expect(monthly).toHaveText(await sandboxMonthly(1000, 12), { useInnerText: true });
  const slider = calculator.getByRole('slider', { name: t.amountSlider });
  const field = calculator.getByRole('textbox', { name: t.amountField });
  // A key pressed before the calculator's script has taken over (a loaded machine) moves
  // nothing the calculator knows of; pressed again once it has, it answers.
  await expect(async () => {
    await slider.focus();
    await slider.press('PageUp');
    await expect(field).not.toHaveValue('1000', { timeout: 1_000 });
  }).toPass();
  const lari = Number(await field.inputValue());
  await expect(monthly).toHaveText(await sandboxMonthly(lari, 12), { useInnerText: true });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads the page, uses the calculator through its form, opens a question and reaches the terms', {
    tag: SERVED,
  }, async ({ page }) => {
    await page.goto('/');
    const calculator = page.getByRole('region', { name: t.title });
    await expect(calculator.locator('output').first()).toHaveText(await sandboxMonthly(1000, 12), {
      useInnerText: true,
    });

    // The form goes to the server, which answers with the figures for what was chosen.
    await calculator.getByRole('textbox', { name: t.amountField }).fill('2500');
    await calculator.getByRole('radio', { name: '6 თვე' }).check();
    await calculator.getByRole('button', { name: t.calculate }).click();
    await expect(page).toHaveURL(/\?amount=2500&term=6$/);
    await expect(calculator.locator('output').first()).toHaveText(await sandboxMonthly(2500, 6), {
      useInnerText: true,
    });
    await expect(calculator.getByRole('textbox', { name: t.amountField })).toHaveValue('2500');

    // An amount outside the product is brought to its nearest end, as the field itself would.
    await calculator.getByRole('textbox', { name: t.amountField }).fill('99999999');
    await calculator.getByRole('button', { name: t.calculate }).click();
    await expect(calculator.getByRole('textbox', { name: t.amountField })).not.toHaveValue(
      '99999999',
    );

    // The questions open, and the terms are a link away.
    const first = [...questionAnswers].sort((a, b) => a.order - b.order)[0];
    await page.getByText(first?.question ?? '—', { exact: true }).click();
    await expect(
      page.getByRole('group').filter({ hasText: first?.question ?? '—' }),
    ).toHaveAttribute('open', '');
    // From the footer: a phone's menu needs JavaScript.
    await page.getByRole('contentinfo').getByRole('link', { name: kaHost.terms.title }).click();
    await expect(page).toHaveURL(/\/static$/);
    await expect(page.getByRole('heading', { name: kaHost.terms.title }).first()).toBeVisible();
  });
});
