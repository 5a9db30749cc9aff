import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's WCAG 2.2 AA findings on the page as it is, one line each. axe's stylesheet preload is
 * off: it parses CSS by adding <style> elements, which the page's CSP rightly blocks (and the
 * suite fails on any CSP violation); the rules it serves are not ones this product's
 * stylesheets could break (orientation lock).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // axe reads the DOM, which is the same in every browser: the Chromium projects run it. In
  // firefox-esr 153 driven through WebDriver BiDi, axe run after a role query inside the
  // calculator crashes the page's content process (SIGSEGV), so the firefox project skips it.
  if (page.context().browser()?.browserType().name() === 'firefox') return [];
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Only the violations are read: axe then skips collecting every passing node.
    .options({ preload: false, resultTypes: ['violations'] })
    // One axe.run in the page instead of a run per frame finished in a second, blank page
    // (2.5 s → 1 s here, and every test ends with a check). The product has no frames: its
    // sanitiser drops the provider's, and the CSP allows none from elsewhere.
    .setLegacyMode(true)
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}
