import type { Page } from '@playwright/test';
import { kaHost } from 'host/words/ka-host';
import { kaInactivity } from 'host/words/ka-inactivity';
import { SESSION_ACTIVITY_PATH } from 'shared/session/server-session';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { accountButton, banner, logInViaUi } from '../utils/account-utils';
import { axeViolations } from '../utils/axe';

// The seeded customer against the embedded sandbox, at phone width.
test.use({
  mockedProvider: false,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

const VERIFIED = '01001000001';
// The product's own timing (decision 022): the warning 13 minutes after the last activity, the
// end two minutes later. The browser's clock is Playwright's: each wait is a jump, not a wait.
const WARNING_AFTER = '13:01';
const WARNING_LASTS = '02:00';

const t = kaInactivity;

/**
 * Until the page's report of activity is answered. The answer sets the page's clock by the
 * server's (decision 027), which runs in real time: one landing after a jump of the browser's
 * clock would count as fresh activity, so each jump waits for the reports before it.
 */
const activityReported = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith(SESSION_ACTIVITY_PATH));

/**
 * Until the warning's code runs in the page (the page's only <dialog>, closed until due). It
 * loads after login and counts its own start as activity: a jump before it would be undone.
 */
const warningReady = (page: Page) => expect(page.locator('dialog')).toBeAttached();

test('an inactive session is warned about, kept on „continue“, and ended in every tab at zero', async ({
  page,
  context,
}) => {
  // Installed for the whole context before any page: both tabs read the same clock.
  await context.clock.install();
  await page.goto('/');
  const loggedIn = activityReported(page);
  await logInViaUi(page, VERIFIED);
  await loggedIn;
  await warningReady(page);

  // The warning comes by itself, with the focus on „continue“.
  const dialog = page.getByRole('dialog', { name: t.title });
  await expect(dialog).toBeHidden();
  await context.clock.fastForward(WARNING_AFTER);
  await expect(dialog).toBeVisible();
  const keep = dialog.getByRole('button', { name: t.continue });
  await expect(keep).toBeFocused();
  await expect(dialog.getByText(/^01:\d\d$/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard only: Enter on the focused „continue“ keeps the session.
  const kept = activityReported(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeVisible();
  await kept;

  // A second tab of the same session; from now on nobody touches either. The server counts its
  // opening as activity and sends the clocks with the page, so the page reports nothing.
  const second = await context.newPage();
  const reports: string[] = [];
  second.on('request', (request) => {
    if (request.url().endsWith(SESSION_ACTIVITY_PATH)) reports.push(request.url());
  });
  await second.goto('/');
  await expect(accountButton(second)).toBeVisible();
  await warningReady(second);
  expect(reports).toEqual([]);
  const secondDialog = second.getByRole('dialog', { name: t.title });
  await context.clock.fastForward(WARNING_AFTER);
  await expect(dialog).toBeVisible();
  await expect(secondDialog).toBeVisible();

  // Escape in one tab is „continue“ too, and closes the other tab's warning as well.
  const keptAgain = activityReported(second);
  await second.keyboard.press('Escape');
  await expect(secondDialog).toBeHidden();
  await expect(dialog).toBeHidden();
  await keptAgain;

  // No more activity: the warning again in both, then at zero both tabs are logged out.
  await context.clock.fastForward(WARNING_AFTER);
  await expect(dialog).toBeVisible();
  await expect(secondDialog).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: kaHost.session.inactive })).toBeHidden();
  await context.clock.fastForward(WARNING_LASTS);
  for (const tab of [page, second]) {
    const notice = tab.getByRole('alert').filter({ hasText: kaHost.session.inactive });
    await expect(notice).toBeVisible();
    await expect(tab.getByRole('dialog', { name: t.title })).toBeHidden();
    await expect(banner(tab).getByRole('button', { name: ka.account.login })).toBeVisible();
    await expect(notice.getByRole('button', { name: kaHost.session.loginAgain })).toBeVisible();
  }
  await second.close();
});
