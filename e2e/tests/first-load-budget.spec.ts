import { readFileSync } from 'node:fs';
import path from 'node:path';
import { kaCalculator as t } from '../../remote-home/src/features/calculator/ka-calculator';
import { expect, test } from '../fixtures';
import { measureFirstLoad } from '../utils/first-load';

/*
 * What a visitor's phone loads for `/`, held to a budget kept in the repository
 * (budgets/first-load.json): the byte-saving settings of decision 014 (one federation runtime,
 * zod/mini, react-router unshared, the account slice on intent, the slider below the fold)
 * are guarded here, not by memory. Raising the budget is a decision said in its commit.
 */

interface Budget {
  visitorHome: { scriptGzipKB: number; requests: number };
}

const budget = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../budgets/first-load.json'), 'utf8'),
) as Budget;

test.use({ mockedProvider: false, viewport: { width: 390, height: 844 } });

test("a visitor's first load of / stays within its script and request budget", async ({
  page,
}, testInfo) => {
  const load = await measureFirstLoad(page, '/', async (loaded) => {
    const calculator = loaded.getByRole('region', { name: t.title });
    await expect(calculator.locator('output')).toHaveText(/\d/);
  });
  const kb = load.scriptGzipBytes / 1024;
  const figures = [
    `scripts ${kb.toFixed(1)} KB gzip (budget ${budget.visitorHome.scriptGzipKB} KB), ` +
      `${load.requests} requests (budget ${budget.visitorHome.requests})`,
    ...load.scripts.map((script) => `  ${(script.gzipBytes / 1024).toFixed(1)} KB ${script.url}`),
  ].join('\n');
  await testInfo.attach('first-load', { body: figures, contentType: 'text/plain' });
  console.info(figures);
  expect(kb, figures).toBeLessThanOrEqual(budget.visitorHome.scriptGzipKB);
  expect(load.requests, figures).toBeLessThanOrEqual(budget.visitorHome.requests);
});
