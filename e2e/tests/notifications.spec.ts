// Told in time (contract v1.4), end to end through the sandbox: the day's reminder run puts a
// payment due in the header's count, the feed and an SMS; the feed leads to the bank in three
// presses, and paying adds the payment received; quiet hours hold an SMS until 09:00; the
// customer's choices decide what is sent, never what the feed shows.
import { kaNotificationChoices } from 'remote-account/words/ka-notification-choices';
import { kaNotificationKinds } from 'remote-account/words/ka-notification-kinds';
import { kaNotifications } from 'remote-account/words/ka-notifications';
import { kaCardPayment } from 'remote-loans/words/ka-card-payment';
import { kaLoans } from 'remote-loans/words/ka-loans';
import { KA_BANK } from 'sandbox-api/words/ka-bank';
import { expect, test } from '../fixtures';
import { openAccountPanel } from '../utils/account-utils';
import {
  bell,
  bellName,
  daysBefore,
  notificationsSentTo,
  openFeed,
  runNotifications,
  tbilisi,
  verifyPhone,
} from '../utils/notification-utils';
import {
  BANK_ORIGIN,
  customerWithLoan,
  expectAxeClean,
  expectBankPage,
  expectFits,
  expectOutcome,
  expectReturnPage,
  nextDueOf,
  screenshot,
  TEST_CARDS,
  typeCard,
} from '../utils/payment-utils';

test.use({ mockedProvider: false, offSiteOrigins: [BANK_ORIGIN] });

const k = kaNotifications.kinds;

/**
 * The SMS reminders of a due date sent to a phone (the date as the provider's messages write
 * it): other notifications, such as the loan's own issue, may reach the same phone.
 */
async function remindersSent(phone: string, due: string): Promise<string[]> {
  const written = due.split('-').reverse().join('.');
  return (await notificationsSentTo(phone)).filter((body) => body.includes(written));
}

/**
 * A loan due in `days` days (Tbilisi's calendar): a reminder run is a day's for every customer,
 * so each test (and project) has its own due date, and no run of one writes another's reminder.
 */
const loanDueIn = (days: number) => {
  const tbilisiToday = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
  return { amount: '900.00', term: 3, nextDue: daysBefore(tbilisiToday, -days) } as const;
};

/** The unread number the header's button says now. */
async function unreadNow(page: import('@playwright/test').Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(name.match(/\d+/)?.[0] ?? 0);
}

test('the day’s reminder run: the count without a reload, the feed and an SMS; the feed leads to the bank in three presses, and paying is told', async ({
  page,
  isMobile,
}, testInfo) => {
  // The page's clock is Playwright's, so a minute of polling passes at once.
  await page.clock.install();
  const { customer, loanId } = await customerWithLoan(page, loanDueIn(isMobile ? 10 : 9));
  await verifyPhone(customer);
  await expect(bell(page)).toBeVisible();
  const before = await unreadNow(page);
  const due = await nextDueOf(customer.personalNumber, loanId);

  // The reminder's day (three days before, the default), at 10:00 in Tbilisi.
  await runNotifications(tbilisi(daysBefore(due, 3), '10:00'));

  // Within a minute, without a reload; a screen reader hears it.
  await page.clock.fastForward(61_000);
  await expect(bell(page)).toHaveAccessibleName(bellName(before + 1));
  await expect(page.locator('[aria-live="polite"]', { hasText: String(before + 1) })).toHaveCount(
    1,
  );
  await expect.poll(() => remindersSent(customer.phone, due)).toHaveLength(1);

  // The customer's first HTML has the number: the server renders it.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain(`aria-label="${bellName(before + 1)}"`);

  // Another tab of the same customer agrees once this one has read them, without a reload.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/');
  await expect(bell(otherTab)).toHaveAccessibleName(bellName(before + 1));

  const feed = await openFeed(page);
  const reminder = feed.getByRole('article').first();
  await expect(reminder).toContainText(kaNotificationKinds.payment_due);
  await expect(reminder).toContainText(`№${loanId}`);
  await expect(reminder).toContainText(kaNotifications.unread);
  // Read once shown: the count is down to what was unread before it.
  await expect(bell(page)).toHaveAccessibleName(bellName(0));
  await expect(bell(otherTab)).toHaveAccessibleName(bellName(0));
  await otherTab.close();
  await expectAxeClean(page, 'the notifications feed');
  await expectFits(page, [390, 320], 'the notifications feed');
  await screenshot(page, testInfo, 'feed');

  // Three presses to the bank: the reminder's own, continue, pay with the card.
  await reminder.getByRole('link', { name: k.payment_due.act }).click();
  await expect(feed).toBeHidden();
  await page.getByRole('button', { name: kaLoans.repay.continue }).click();
  await page.getByRole('button', { name: kaCardPayment.payWithCard }).click();
  await expectBankPage(page, KA_BANK.cardTitle);
  await typeCard(page, TEST_CARDS.succeeds);
  await expectReturnPage(page);
  await expectOutcome(page, kaCardPayment.outcome.succeededTitle);

  // The payment received, unread, leading to its receipt.
  await expect(bell(page)).toHaveAccessibleName(bellName(1));
  const received = (await openFeed(page)).getByRole('article').first();
  await expect(received).toContainText(kaNotificationKinds.payment_received);
  await expect(received.getByRole('link', { name: k.payment_received.act })).toHaveAttribute(
    'href',
    /^\/payment\?order=\d+$/,
  );
});

test('an SMS due in the quiet hours waits until 09:00; the feed has it at once', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'the provider’s timing: no layout in it');
  const { customer, loanId } = await customerWithLoan(page, loanDueIn(11));
  await verifyPhone(customer);
  const due = await nextDueOf(customer.personalNumber, loanId);
  const day = daysBefore(due, 3);

  // The day's run comes late, at 22:00: the reminder is written, its SMS held.
  await runNotifications(tbilisi(day, '22:00'));
  expect(await remindersSent(customer.phone, due)).toEqual([]);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName(/\d/);
  const feed = await openFeed(page);
  await expect(feed.getByRole('article').first()).toContainText(kaNotificationKinds.payment_due);

  // At 08:59 still nothing; the first run at 09:00 sends it.
  await runNotifications(tbilisi(daysBefore(day, -1), '08:59'));
  expect(await remindersSent(customer.phone, due)).toEqual([]);
  await runNotifications(tbilisi(daysBefore(day, -1), '09:00'));
  expect(await remindersSent(customer.phone, due)).toEqual([expect.stringContaining(`№${loanId}`)]);
});

test('the customer’s choices decide what is sent, never what the feed shows; a required kind keeps a channel', async ({
  page,
  isMobile,
}, testInfo) => {
  test.skip(!isMobile, 'the phone runs the choices, at 390 px, where axe checks them');
  await page.setViewportSize({ width: 390, height: 844 });
  const c = kaNotificationChoices;
  const { customer, loanId } = await customerWithLoan(page, loanDueIn(12));
  await verifyPhone(customer);
  const due = await nextDueOf(customer.personalNumber, loanId);

  const panel = await openAccountPanel(page);
  const choices = panel.getByRole('region', { name: c.title });
  await choices.getByRole('button', { name: c.change }).click();
  const kind = (name: string) => choices.getByRole('group', { name });

  // No reminders by SMS.
  await kind(kaNotificationKinds.payment_due).getByRole('checkbox', { name: c.sms }).uncheck();
  await expect(choices.getByRole('status').filter({ hasText: c.saved })).toBeVisible();

  // An overdue notice may lose one channel, not both: the page says why, and keeps it.
  const overdue = kind(kaNotificationKinds.overdue);
  await overdue.getByRole('checkbox', { name: c.sms }).uncheck();
  await expect(overdue.getByRole('checkbox', { name: c.sms })).not.toBeChecked();
  const email = overdue.getByRole('checkbox', { name: c.email });
  await email.click();
  await expect(overdue.getByRole('alert')).toContainText(c.requiredRefused);
  await expect(email).toBeChecked();
  await expectAxeClean(page, 'the notification choices');
  await expectFits(page, [390, 320], 'the notification choices');
  await screenshot(page, testInfo, 'choices');

  // The reminder run: in the feed, not on the phone.
  await page.keyboard.press('Escape');
  await runNotifications(tbilisi(daysBefore(due, 3), '10:00'));
  await page.reload();
  const feed = await openFeed(page);
  await expect(feed.getByRole('article').first()).toContainText(kaNotificationKinds.payment_due);
  await expectAxeClean(page, 'the notifications feed at 390 px');
  expect(await remindersSent(customer.phone, due)).toEqual([]);
  // The choices were kept by the provider: a reload shows them as left.
  await page.keyboard.press('Escape');
  const again = (await openAccountPanel(page)).getByRole('region', { name: c.title });
  await again.getByRole('button', { name: c.change }).click();
  await expect(
    again
      .getByRole('group', { name: kaNotificationKinds.payment_due })
      .getByRole('checkbox', { name: c.sms }),
  ).not.toBeChecked();
});
