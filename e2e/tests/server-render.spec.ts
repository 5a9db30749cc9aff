import { kaHost } from 'host/words/ka-host';
import { pageStateSchema } from 'release-contract/page-state';
import { kaCalculator as t } from 'remote-home/words/ka-calculator';
import { formatDate, formatMoney } from 'shared/lib/money';
import { SESSION_COOKIE } from 'shared/session/session-cookie-name';
import { ka } from 'shared/strings/ka';
import { questionAnswers } from 'shared/testing/fixtures';
import * as z from 'shared/validation/zod';
import { expect, test } from '../fixtures';
import { logInViaUi } from '../utils/account-utils';
import { sampleValue } from '../utils/metrics-utils';
import { E2E_HOST_METRICS_PORT } from '../utils/sandbox-env';
import { HOME, LOANS, SERVED } from '../utils/tags';
import { HOST_URL, SANDBOX_URL } from '../utils/urls';

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
  tag: [SERVED, HOME],
}, async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = plain(await response.text());
  expect(html).toContain(await sandboxMonthly(1000, 12));
  // The page names its calculator and its questions, not a blank root.
  expect(html).toContain(t.title);
  expect(html).toContain(plain(questionAnswers[0]?.question ?? '—'));
});

test('a customer’s first HTML holds their next payment, for them alone; a session the server ended gets a visitor’s', {
  tag: [SERVED, LOANS],
}, async ({ request }) => {
  // Logged in through the host, as the page does: the session is the sealed cookie it sets,
  // which the request context keeps and sends.
  const login = await request.post('/api/user/api/token/', {
    data: { username: '01001000001', password: 'Sandbox123' },
  });
  expect(login.status()).toBe(200);
  const loans = (await (await request.get('/api/loan/loan/')).json()) as {
    status: string;
    next_payment_amount: string | null;
    next_payment_date: string | null;
  }[];
  const due = loans.find((loan) => loan.status === 'active' && loan.next_payment_date);
  if (!due?.next_payment_amount || !due.next_payment_date)
    throw new Error('the seed has no loan due');

  // The first customer's page after a start may leave the loans to the browser: their
  // release's server code is loaded, alone, in its slice's worker first (decision 032). Pages
  // are asked until one carries them, as the browser would show them anyway.
  const amount = plain(formatMoney(due.next_payment_amount));
  let html = '';
  await expect(async () => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    html = plain(await response.text());
    expect(html).toContain('"audience":"customer"');
    expect(html).toContain(amount);
  }).toPass();
  // What a customer comes for, without JavaScript: the next payment's amount and date.
  const page = html.slice(html.indexOf('<div id="root">'));
  expect(page).toContain(amount);
  expect(page).toContain(formatDate(due.next_payment_date));
  expect(page).toContain(ka.loans.title);

  // A session the server cannot open is a visitor's page, and its cookie goes.
  const forged = await fetch(`${HOST_URL}/`, {
    headers: { cookie: `${SESSION_COOKIE}=forged.value` },
  });
  expect(plain(await forged.text())).toContain('"audience":"visitor"');
  expect(forged.headers.getSetCookie().join('\n')).toMatch(new RegExp(`^${SESSION_COOKIE}=;`, 'm'));
  await request.post('/api/user/logout/', {
    headers: {
      'X-CSRFToken':
        (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '',
    },
  });
});

test('a customer’s page from the server is hydrated with their answers, not asked again', {
  tag: [SERVED, LOANS],
}, async ({ page, consoleProblems }) => {
  await page.goto('/');
  await logInViaUi(page, '01001000001', 'Sandbox123');
  let asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  // A page whose server rendered this customer's loans and calculator: the first after a start
  // may leave them to the browser while their release is loaded (decision 032), and a loaded
  // machine may send a slot at its deadline as its place. Asked again until the server sent
  // both, each time from a blank page: what the last page asked must not count for this one.
  await expect(async () => {
    await page.goto('about:blank');
    asked = [];
    const response = await page.goto('/');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('"remote_loans/NextPayment":{"release"');
    expect(html).toContain('"remote_home/LoanCalculator":{"release"');
  }).toPass();
  // The next payment, from the first HTML, stays as the browser takes the page over.
  const next = page.getByRole('heading', { name: ka.loans.nextPayment });
  await expect(next).toBeVisible();
  await expect(page.getByRole('heading', { name: ka.loans.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).not.toContain('/api/user/details/');
  expect(asked).not.toContain('/api/loan/loan/');
  // Their payment orders too: whether the provider takes orders is read from the page's answer.
  expect(asked).not.toContain('/api/loan/payment_orders/');
  // Their calculator too: its first figures, within their limit, came with the page.
  await expect(page.getByText(t.monthlyPayment)).toBeVisible();
  expect(asked).not.toContain('/api/loan/calculator');
  // A hydration mismatch is a console error: none.
  expect(consoleProblems).toEqual([]);
});

/** The answers a page came with, as far as this test reads them: what each answers. */
const answersSchema = z.array(z.object({ queryHash: z.string() }));

/** The page server's reads of the provider for pages so far (its metrics, decision 029). */
async function pageReads(): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${E2E_HOST_METRICS_PORT}/metrics`);
  expect(response.status).toBe(200);
  return sampleValue(await response.text(), 'lender_provider_call_seconds_count', {
    source: 'page',
  });
}

// `pnpm start`'s page server: its metrics port is the suite's (nginx's page servers have theirs).
test('a customer’s page asks the provider once for each answer it comes with: their payment orders once, though three parts show them', {
  tag: LOANS,
}, async ({ request }) => {
  const login = await request.post('/api/user/api/token/', {
    data: { username: '01001000001', password: 'Sandbox123' },
  });
  expect(login.status()).toBe(200);
  // A page whose every part came from the server: one left late may still be reading when the
  // page is sent. Asked until one did; a read that a late part of an earlier page finished
  // meanwhile adds to the count, and the page is asked again.
  await expect(async () => {
    const before = await pageReads();
    const response = await request.get('/');
    const html = await response.text();
    const after = await pageReads();
    for (const slot of [
      'remote_loans/OverdueNotice',
      'remote_loans/NextPayment',
      'remote_home/LoanCalculator',
      'remote_loans/LoansOverview',
    ]) {
      expect(html).toContain(`"${slot}":{"release"`);
    }
    const json = /<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(
      html,
    )?.[1];
    const state = pageStateSchema.parse(JSON.parse(json ?? 'null'));
    const answers = answersSchema.parse(state.queries.queries).map((query) => query.queryHash);
    expect(answers).toContain('["account","payment-orders"]');
    expect(after - before).toBe(answers.length);
  }).toPass();
  await request.post('/api/user/logout/', {
    headers: {
      'X-CSRFToken':
        (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '',
    },
  });
});

test('a page the server rendered is taken over by the browser: the calculator answers the keyboard', {
  tag: [SERVED, HOME],
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

test.describe('without JavaScript', { tag: HOME }, () => {
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
