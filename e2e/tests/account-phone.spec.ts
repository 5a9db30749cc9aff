import { kaAccount } from 'remote-account/words/ka-account';
import { kaProfile } from 'remote-account/words/ka-profile';
import { kaAccountButtons } from 'shared/strings/ka-account-buttons';
import { expect, test } from '../fixtures';
import {
  accountButton,
  banner,
  logInAsNewCustomer,
  logInViaUi,
  logOut,
  openAccountPanel,
  PASSWORD,
} from '../utils/account-utils';

// The whole account slice against the embedded sandbox, nothing mocked.
test.use({ mockedProvider: false });

test.describe('on a phone, 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the header shows a customer’s whole first name, or their initials, never a cut name', async ({
    page,
  }) => {
    await page.goto('/');
    // გიორგი was cut to "გი…" beside the logout button at this width.
    await logInViaUi(page, '01001000002');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      const button = accountButton(page);
      await expect(button).toBeInViewport({ ratio: 1 });
      const shown = await button.evaluate((element) => {
        // The name, or the initials' badge, is what the button shows after its hidden label.
        const shown = element.lastElementChild as HTMLElement | null;
        if (!shown) return { text: null, cut: true };
        return { text: shown.textContent, cut: shown.scrollWidth > shown.clientWidth };
      });
      expect(shown.cut, `the name at ${width} px`).toBe(false);
      expect(['გიორგი', 'გკ']).toContain(shown.text);
    }
  });

  test('the customer opens the account panel from the header and changes the password there', async ({
    page,
    consoleProblems,
  }) => {
    const customer = await logInAsNewCustomer(page);

    // The name stays in the header, on the screen, beside the menu button; logout is in the
    // account panel (it took the room the name needs).
    const name = accountButton(page);
    await expect(name).toBeVisible();
    await expect(name).toBeInViewport({ ratio: 1 });
    await expect(banner(page).getByRole('button', { name: kaAccountButtons.logout })).toBeHidden();

    const panel = await openAccountPanel(page);
    // Within the screen's width, below the header's buttons, and no taller than the screen.
    const box = await panel.boundingBox();
    const below = await name.boundingBox();
    expect(box).not.toBeNull();
    expect(below).not.toBeNull();
    if (box && below) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y).toBeGreaterThanOrEqual(below.y + below.height);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }
    await expect(panel.getByRole('button', { name: kaAccount.close })).toBeInViewport();

    // The password form is further down, inside the panel, which scrolls to it.
    const form = panel.getByRole('form', { name: kaProfile.passwordTitle });
    await form.getByLabel(kaProfile.currentPassword).fill(PASSWORD);
    await form.getByLabel(kaAccount.newPassword, { exact: true }).fill('Axali2026pass');
    await form.getByLabel(kaProfile.newPasswordConfirm).fill('Axali2026pass');
    await form.getByRole('button', { name: kaAccount.setPassword }).click();
    await expect(form.getByRole('status')).toContainText(kaProfile.passwordChanged);
    await expect(form.getByLabel(kaProfile.currentPassword)).toHaveValue('');

    await panel.getByRole('button', { name: kaAccount.close }).click();
    await expect(panel).toBeHidden();
    await expect(name).toBeFocused();

    // The new password is the one that works now.
    await logOut(page);
    await logInViaUi(page, customer.personalNumber, 'Axali2026pass');
    expect(consoleProblems).toEqual([]);
  });
});
