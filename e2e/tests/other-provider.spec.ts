import type { Page } from '@playwright/test';
import { kaComplaints } from 'remote-account/words/ka-complaints';
import { kaConsents } from 'remote-account/words/ka-consents';
import { kaHome } from 'remote-home/words/ka-home';
import { kaCardPayment } from 'remote-loans/words/ka-card-payment';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { ka } from 'shared/strings/ka';
import { loans, otherProviderQuestionAnswers, otherProviderSlides } from 'shared/testing/fixtures';
import { expect, test } from '../fixtures';
import { openAccountPanel } from '../utils/account-utils';
import { renderInBrowser, scrollThroughPage } from '../utils/page-utils';
import {
  asMockedCustomer,
  OTHER_BANK_ORIGIN,
  otherProviderOrder,
  serveOtherProvider,
  serveOtherProviderOrders,
} from '../utils/provider-utils';
import { ACCOUNT, HOME, LOANS } from '../utils/tags';

/*
 * The product in front of a provider other than the sandbox, one that follows the contract to
 * the letter in shapes the sandbox never uses (issue 27): every slide it sends is shown, its
 * images load from this site, and nothing reaches its origin directly (the site guard); its
 * bank's page is on an origin of its own, which the page never loads unless the customer goes.
 */
test.beforeEach(async ({ page }) => {
  // The server's provider is the sandbox: this provider's answers are the browser's.
  await renderInBrowser(page);
  await serveOtherProvider(page);
});

const byOrder = <T extends { order: number }>(items: readonly T[]) =>
  items.toSorted((a, b) => a.order - b.order);

test('the home page shows every slide of a provider whose images are under its API or on its origin', {
  tag: HOME,
}, async ({ page }) => {
  await page.goto('/');
  const slider = page.getByRole('region', { name: ka.home.sliderLabel });
  for (const slide of otherProviderSlides) {
    await expect(slider.getByRole('heading', { name: slide.title }).first()).toBeAttached();
  }
  await expect(slider.getByText(kaHome.sliderEmpty)).toHaveCount(0);

  // The first slide by `order` is on show, and its image is loaded from this site's /api/.
  const first = byOrder(otherProviderSlides)[0];
  if (!first) throw new Error('the fixtures have slides');
  const shown = slider
    .getByRole('group')
    .filter({ has: page.getByRole('heading', { name: first.title }) });
  const image = shown.first().locator('img');
  await expect(image).toHaveAttribute('src', '/api/cms/media/slide-1.svg');
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  const sources = await slider
    .locator('img')
    .evaluateAll((images) => images.map((element) => element.getAttribute('src')));
  expect(new Set(sources)).toEqual(
    new Set([
      '/api/cms/media/slide-1.svg',
      '/api/cms/media/slide-2.svg?v=4',
      '/api/cms/media/slide-3.svg',
    ]),
  );
});

test('the home page lists a provider’s questions by their order, not as they came', {
  tag: HOME,
}, async ({ page }) => {
  await page.goto('/');
  // The questions' slot loads as it nears the screen.
  await scrollThroughPage(page);
  const faq = page.getByRole('region', { name: ka.home.faqTitle });
  await expect(faq.getByRole('group')).toHaveCount(otherProviderQuestionAnswers.length);
  await expect(faq.locator('summary')).toHaveText(
    byOrder(otherProviderQuestionAnswers).map((item) => item.question),
  );
});

/*
 * Contract v1.2 from a provider that is not the sandbox: times with Tbilisi's offset and
 * fractions of a second, an answer date at a short month's end, a customer registered before
 * v1.1 (consents without documents), fields the contract may add later, and a throttle that
 * says when, in seconds, the next complaint may go.
 */
test.describe('records and voice from another provider (contract v1.2)', { tag: ACCOUNT }, () => {
  const complaints = [
    {
      id: 9000,
      number: 'GE-2027-104233',
      topic: 'personal_data',
      loan: null,
      text: 'გთხოვთ, დახუროთ ჩემი ანგარიში და წაშალოთ მონაცემები.',
      status: 'received',
      created_at: '2027-01-31T23:59:59.123456+04:00',
      answer_due: '2027-02-28',
      answer: null,
      answered_at: null,
      channel: 'web',
    },
  ];

  test.beforeEach(async ({ page }) => {
    await asMockedCustomer(page);
    await page.route('**/api/support/complaints/', async (route) => {
      if (route.request().method() === 'GET') return route.fulfill({ json: complaints });
      // The contract's throttle: 429 with how long until the next may go.
      return route.fulfill({
        status: 429,
        headers: { 'Retry-After': '86400' },
        json: {
          detail: 'Request was throttled. Expected available in 86400 seconds.',
          code: 'throttled',
        },
      });
    });
    await page.route('**/api/user/consents/', (route) =>
      route.fulfill({
        json: [
          {
            kind: 'marketing',
            document: null,
            given: false,
            given_at: null,
            withdrawn_at: '2026-12-01T08:00:00Z',
          },
          { kind: 'terms', document: null, given: true, given_at: null, withdrawn_at: null },
          {
            kind: 'personal_data',
            document: null,
            given: true,
            given_at: null,
            withdrawn_at: null,
          },
        ],
      }),
    );
  });

  test('a customer reads their complaint and is told when the next may go', async ({ page }) => {
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/support/complaints/')) {
        sent.push(request.postDataJSON());
      }
    });
    await page.goto('/complaints');
    const item = page.getByRole('listitem').filter({ hasText: 'GE-2027-104233' });
    await expect(item).toContainText(kaComplaints.topics.personal_data);
    // Sent a second before midnight in Tbilisi; due on February's last day.
    await expect(item).toContainText('31 იანვარი, 2027, 23:59');
    await expect(item).toContainText('28 თებერვალი, 2027');

    const form = page.getByRole('form', { name: kaComplaints.formTitle });
    await form.getByRole('radio', { name: kaComplaints.topics.service }).check();
    await form
      .getByRole('textbox', { name: kaComplaints.text })
      .fill('ცხელი ხაზი ორი დღეა არ პასუხობს ზარებს.');
    await form.getByRole('button', { name: kaComplaints.send }).click();
    await expect(form.getByRole('alert')).toContainText(/დღე-ღამეში მხოლოდ სამი/);
    expect(sent).toEqual([
      { topic: 'service', loan: null, text: 'ცხელი ხაზი ორი დღეა არ პასუხობს ზარებს.' },
    ]);
  });

  test('a customer registered before v1.1 sees their consents without documents', async ({
    page,
  }) => {
    await page.goto('/');
    const panel = await openAccountPanel(page);
    const consents = panel.getByRole('region', { name: kaConsents.title });
    await expect(consents).toContainText(kaConsents.registeredBefore);
    await expect(consents).toContainText(/თანხმობა გამოთხოვილია 1 დეკემბერი, 2026/);
    await expect(consents.getByRole('checkbox')).not.toBeChecked();
  });
});

/*
 * Contract v1.3 from a provider that is not the sandbox: an order the bank takes a while over,
 * a return address it refuses, an open order it names when a second is asked for, and a
 * provider without payment orders at all. Its bank's origin is not the sandbox's.
 */
test.describe('paying through another provider (contract v1.3)', { tag: LOANS }, () => {
  const t = kaCardPayment;
  const loan = 11;
  const startsWith = (label: string) => new RegExp(`^${label}`);

  test.beforeEach(async ({ page }) => {
    await asMockedCustomer(page);
  });

  /** From the next payment's card to the confirmation of the next instalment (281.44). */
  async function toConfirmation(page: Page) {
    await page.goto('/');
    const next = page.getByRole('region', { name: kaLoans.next.title });
    await next.getByRole('button', { name: kaLoans.loan.pay }).click();
    await next.getByRole('radio', { name: startsWith(kaLoans.repay.next) }).check();
    await next.getByRole('button', { name: kaLoans.repay.continue }).click();
    await expect(next).toContainText('281,44');
    return next;
  }

  test('an order the bank takes a while over reads “processing” the whole time, then its outcome', async ({
    page,
  }) => {
    let decided = false;
    const said: (string | null)[] = [];
    const outcome = page.getByRole('region', { name: t.outcome.title, exact: true });
    const status = outcome.getByRole('status');
    const provider = await serveOtherProviderOrders(page, {
      orders: [
        otherProviderOrder({ id: 501, amount: '281.44', status: 'processing', redirect_url: null }),
      ],
      onAsk: async (_id, asks) => {
        // What the live region said while the page waited for the answer to an earlier ask
        // that was still `processing` (once decided, the page may ask again as it refreshes).
        if (asks > 1 && provider.orders[0]?.status === 'processing') {
          said.push(await status.textContent());
        }
        if (!decided) return;
        Object.assign(provider.orders[0] ?? {}, {
          status: 'succeeded',
          decided_at: '2026-11-25T14:03:41.07+04:00',
          payment: {
            id: 7001,
            loan,
            kind: 'repayment',
            amount: '281.44',
            penalty: '0.00',
            interest: '12.50',
            principal: '268.94',
            paid_at: '2026-11-25T14:03:41.07+04:00',
            receipt_number: 'GE-PAY-000501',
            order: 501,
          },
        });
      },
    });
    const loansAsked: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/loan/loan/') loansAsked.push(Date.now());
    });

    // The bank sent the customer back before it decided.
    await page.goto('/payment?order=501');
    await expect(outcome.getByRole('heading', { name: t.outcome.processingTitle })).toBeVisible();
    await expect(status).toHaveText(t.outcome.processingText);
    // One live region for the whole wait: the element is kept, so each change is announced.
    await status.evaluate((element) => {
      (window as { __status?: Element }).__status = element;
    });
    await expect
      .poll(() => provider.asks.get(501) ?? 0, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    await expect(status).toHaveText(t.outcome.processingText);
    await expect(outcome.getByRole('heading', { name: t.outcome.succeededTitle })).toHaveCount(0);

    const before = loansAsked.length;
    decided = true;
    const heading = outcome.getByRole('heading', { name: t.outcome.succeededTitle });
    await expect(heading).toBeFocused();
    await expect(outcome).toContainText('281,44');
    await expect(outcome).toContainText('268,94');
    await expect(outcome).toContainText('GE-PAY-000501');
    await expect(status).toHaveText('');
    expect(
      await status.evaluate((element) => (window as { __status?: Element }).__status === element),
    ).toBe(true);
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(new Set(said)).toEqual(new Set([t.outcome.processingText]));
    // The loan's figures are asked for afresh once the bank has decided.
    await expect.poll(() => loansAsked.length).toBeGreaterThan(before);
  });

  test('a return address the provider refuses is said in Georgian, and the customer stays with the confirmation', async ({
    page,
  }) => {
    const provider = await serveOtherProviderOrders(page, {
      // A provider whose list of the client's origins lacks this site, in DRF's own words.
      onCreate: () => ({ status: 400, json: { return_url: ['Enter a valid URL.'] } }),
    });
    const next = await toConfirmation(page);
    const pay = next.getByRole('button', { name: t.payWithCard });
    await pay.click();

    await expect(next.getByRole('alert')).toHaveText(t.pageUnavailable);
    await expect(page.getByText('Enter a valid URL.')).toHaveCount(0);
    // Still here, on the same confirmation, ready to try again: nothing was lost.
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(next).toContainText('281,44');
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect.poll(() => provider.creates.length).toBe(2);
    const [first, second] = provider.creates;
    expect(first).toMatchObject({
      loan,
      body: {
        purpose: 'repayment',
        amount: '281.44',
        return_url: `${new URL(page.url()).origin}/payment`,
      },
    });
    // The same attempt: the same key and body again.
    expect(second).toEqual(first);
    await expect(next.getByRole('alert')).toHaveText(t.pageUnavailable);
  });

  test('a second payment while one is open shows the open order the provider names, and no second one', async ({
    page,
  }) => {
    const provider = await serveOtherProviderOrders(page, {
      // Another device started one meanwhile: the provider names it.
      onCreate: (state) => {
        state.orders.unshift(otherProviderOrder({ id: 77, amount: '150.00' }));
        return {
          status: 400,
          json: {
            detail: 'ამ სესხის გადახდა უკვე მიმდინარეობს.',
            code: 'payment_in_progress',
            order: 77,
          },
        };
      },
    });
    const next = await toConfirmation(page);
    await next.getByRole('button', { name: t.payWithCard }).click();

    const open = next.getByRole('article', { name: t.inProgress.title });
    await expect(open).toContainText('150,00');
    await expect(open.getByRole('link', { name: t.inProgress.continue })).toHaveAttribute(
      'href',
      `${OTHER_BANK_ORIGIN}/payment/form?trans_id=77-Zm9v%2BYmFy`,
    );
    await expect(next.getByRole('button', { name: kaLoans.loan.pay })).toHaveCount(0);
    await expect(next.getByRole('button', { name: t.payWithCard })).toHaveCount(0);
    expect(provider.creates).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/');

    // Canceled here, the loan can be paid again.
    await open.getByRole('button', { name: t.inProgress.cancel }).click();
    await expect(next.getByRole('button', { name: kaLoans.loan.pay })).toBeVisible();
    await expect(open).toHaveCount(0);
    expect(provider.creates).toHaveLength(1);
  });

  test('a provider without payment orders is paid through repay/ as before', async ({ page }) => {
    // The mocked provider answers 404 to GET /api/loan/payment_orders/: it has no v1.3.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    await page.route(`**/api/loan/loan/${loan}/repay/`, async (route) => {
      const [active] = loans;
      return route.fulfill({ json: { ...active, outstanding: '730.93' } });
    });
    const next = await toConfirmation(page);
    await expect(next.getByRole('group', { name: t.cardLegend })).toHaveCount(0);
    await next.getByRole('button', { name: kaLoans.repay.confirm }).click();
    await expect(next).toContainText(kaLoans.repay.success);
    expect(posts.filter((path) => path.startsWith('/api/loan/'))).toEqual([
      `/api/loan/loan/${loan}/repay/`,
    ]);
  });
});
