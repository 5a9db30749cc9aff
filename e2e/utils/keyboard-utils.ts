import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (then, if it was passed, Shift+Tab) until `reached` says focus got there, as a
 * keyboard user moves; fails when Tab cannot get there.
 */
async function tabUntil(page: Page, reached: () => Promise<boolean>, what: string) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let presses = 0; presses < 120; presses += 1) {
      if (await reached()) return;
      await page.keyboard.press(key);
    }
  }
  throw new Error(`Tab never reached ${what}`);
}

/** Moves focus to `target` with Tab, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator) {
  await target.waitFor();
  await tabUntil(
    page,
    () => target.evaluate((element) => element === document.activeElement),
    String(target),
  );
}

/**
 * Chooses `target` in its radio group as a keyboard user does: Tab enters the group at its
 * checked radio (or its first), the arrow keys move the choice.
 */
export async function chooseWithArrows(page: Page, scope: Locator, target: Locator) {
  await target.waitFor();
  await tabUntil(
    page,
    () =>
      scope.evaluate((element) => {
        const focused = document.activeElement;
        return (
          focused instanceof HTMLInputElement &&
          focused.type === 'radio' &&
          element.contains(focused)
        );
      }),
    `a radio of ${scope}`,
  );
  for (const key of ['ArrowDown', 'ArrowUp']) {
    for (let presses = 0; presses < 10; presses += 1) {
      if (await target.isChecked()) return;
      await page.keyboard.press(key);
    }
  }
  await expect(target).toBeChecked();
}
