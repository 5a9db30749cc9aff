import { ka } from 'shared/strings/ka';
import { kaInactivity } from '../../host/src/words/ka-inactivity';
import { kaHost } from '../../host/src/words/ka-host';
import { expect, test } from '../fixtures';
import { accountButton, banner, logInViaUi } from '../utils/account-utils';
import { axeViolations } from '../utils/axe';
import { overrideRuntimeConfig } from '../utils/runtime-config-override';

// The seeded customer against the embedded sandbox, at phone width.
test.use({
  mockedProvider: false,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
});

const VERIFIED = '01001000001';
// Short, for this test only (its pages get their own runtime configuration): the warning opens
// 8 s after the last activity and counts down 12 s, long enough for axe to scan it.
const TIMING = { idleSeconds: 20, warningSeconds: 12 };

const t = kaInactivity;

test('an inactive session is warned about, kept on „continue“, and ended in every tab at zero', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await overrideRuntimeConfig(context, { session: TIMING });
  await page.goto('/');
  await logInViaUi(page, VERIFIED);

  // The warning comes by itself, with the focus on „continue“.
  const dialog = page.getByRole('dialog', { name: t.title });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const keep = dialog.getByRole('button', { name: t.continue });
  await expect(keep).toBeFocused();
  await expect(dialog.getByText(/^\d\d:\d\d$/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard only: Enter on the focused „continue“ keeps the session.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeVisible();

  // A second tab of the same session; from now on nobody touches either.
  const second = await context.newPage();
  await second.goto('/');
  await expect(accountButton(second)).toBeVisible();
  const secondDialog = second.getByRole('dialog', { name: t.title });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(secondDialog).toBeVisible({ timeout: 30_000 });

  // Escape in one tab is „continue“ too, and closes the other tab's warning as well.
  await second.keyboard.press('Escape');
  await expect(secondDialog).toBeHidden();
  await expect(dialog).toBeHidden();

  // No more activity: the warning again in both, then at zero both tabs are logged out.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(secondDialog).toBeVisible({ timeout: 30_000 });
  for (const tab of [page, second]) {
    const notice = tab.getByRole('alert').filter({ hasText: kaHost.session.inactive });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(tab.getByRole('dialog', { name: t.title })).toBeHidden();
    await expect(banner(tab).getByRole('button', { name: ka.account.login })).toBeVisible();
    await expect(notice.getByRole('button', { name: kaHost.session.loginAgain })).toBeVisible();
  }
  await second.close();
});
