import type { WebDriver, WebElement } from 'selenium-webdriver';

/**
 * Finding what a customer sees by what it is called, in the page (WebDriver has no role
 * queries): a field by its label, a button by its text or label, a region or dialog by its
 * heading (aria-labelledby) or aria-label. Only elements that are laid out count.
 */
type Kind = 'field' | 'button' | 'region' | 'dialog';

// Plain JavaScript sent to the page as it is (a compiled function could bring helpers along).
const FIND_IN_PAGE = `
const [kind, name, root] = arguments;
const scope = root || document;
const shown = (element) => element.getClientRects().length > 0;
const text = (element) => ((element && element.textContent) || '').replace(/\\s+/g, ' ').trim();
const labelled = (element) => {
  const ids = element.getAttribute('aria-labelledby');
  if (ids) return ids.split(' ').map((id) => text(document.getElementById(id))).join(' ');
  return element.getAttribute('aria-label') || '';
};
if (kind === 'field') {
  for (const label of scope.querySelectorAll('label')) {
    if (text(label).startsWith(name) && label.control && shown(label.control)) return label.control;
  }
  return null;
}
const selector =
  kind === 'button' ? 'button' : kind === 'dialog' ? '[role="dialog"]' : 'section, [role="region"]';
for (const element of scope.querySelectorAll(selector)) {
  const called = kind === 'button' ? labelled(element) || text(element) : labelled(element);
  if (called === name && shown(element)) return element;
}
return null;
`;

/** Polls until `check` gives something truthy without throwing; the last failure otherwise. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeout = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${timeout / 1000} s${last ? ` (${String(last)})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The element of that kind and name (inside `within`), once the page shows it. */
export function find(
  driver: WebDriver,
  kind: Kind,
  name: string,
  within?: WebElement,
): Promise<WebElement> {
  return eventually(`the ${kind} “${name}”`, async () => {
    const found = await driver.executeScript<WebElement | null>(
      FIND_IN_PAGE,
      kind,
      name,
      within ?? null,
    );
    return found ?? undefined;
  });
}

/** Whether that element is gone from the page or no longer laid out. */
export async function isGone(driver: WebDriver, kind: Kind, name: string): Promise<boolean> {
  const found = await driver.executeScript<unknown>(FIND_IN_PAGE, kind, name, null);
  return found === null;
}

/**
 * Until React has taken over the server-rendered element (its props are on the node): what a
 * person does before that is the page's native behaviour, not the product's.
 */
export function hydrated(driver: WebDriver, element: WebElement): Promise<boolean> {
  return eventually('the page taken over by its script', () =>
    driver.executeScript<boolean>(
      'return Object.keys(arguments[0]).some((key) => key.startsWith("__reactProps$"));',
      element,
    ),
  );
}
