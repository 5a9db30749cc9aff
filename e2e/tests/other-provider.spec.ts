import { ka } from 'shared/strings/ka';
import { otherProviderQuestionAnswers, otherProviderSlides } from 'shared/testing/fixtures';
import { kaComplaints } from '../../remote-account/src/features/complaints/ka-complaints';
import { kaConsents } from '../../remote-account/src/features/consents/ka-consents';
import { kaHome } from '../../remote-home/src/ka-home';
import { expect, test } from '../fixtures';
import { openAccountPanel } from '../utils/account-utils';
import { renderInBrowser, scrollThroughPage } from '../utils/page-utils';
import { asMockedCustomer, serveOtherProviderCms } from '../utils/provider-utils';

/*
 * The product in front of a provider other than the sandbox, one that follows the contract to
 * the letter in shapes the sandbox never uses (issue 27): every slide it sends is shown, its
 * images load from this site, and nothing reaches its origin directly (the site guard).
 */
test.beforeEach(async ({ page }) => {
  // The server's provider is the sandbox: this provider's answers are the browser's.
  await renderInBrowser(page);
  await serveOtherProviderCms(page);
});

const byOrder = <T extends { order: number }>(items: readonly T[]) =>
  items.toSorted((a, b) => a.order - b.order);

test('the home page shows every slide of a provider whose images are under its API or on its origin', async ({
  page,
}) => {
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

test('the home page lists a provider’s questions by their order, not as they came', async ({
  page,
}) => {
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
test.describe('records and voice from another provider (contract v1.2)', () => {
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
