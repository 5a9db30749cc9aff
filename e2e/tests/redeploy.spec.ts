import path from 'node:path';
import type { Page } from '@playwright/test';
import { ka } from 'shared/strings/ka';
import { questionAnswers } from 'shared/testing/fixtures';
import { expect, test } from '../fixtures';
import { scrollThroughPage } from '../utils/page-utils';
import { buildEditedRemote, deployInto, hashTree, REPO_ROOT } from '../utils/redeploy-utils';

const CHANGED_TITLE = 'ხშირად დასმული კითხვები — ახალი გამოშვება';
const NEW_MARK = ' (ახალი)';
const firstQuestion = [...questionAnswers].sort((a, b) => a.order - b.order)[0]?.question ?? '';

/** The home page's HTML as the host's server sends it, before any script of the browser runs. */
const serverHtml = async (page: Page) => (await page.request.get('/')).text();

/** The page once the host serves it with the rollout (it reads its configuration each second). */
async function reloadUntil(page: Page, shown: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await scrollThroughPage(page);
    await shown();
  }).toPass({ timeout: 60_000 });
}

test('a remote rebuilt and redeployed alone shows its changes, API module included, once rolled out', async ({
  page,
}) => {
  // It rebuilds remote-home in production mode: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const hostDist = path.join(REPO_ROOT, 'host/dist');
  const hostBefore = hashTree(hostDist);

  await page.goto('/');
  await scrollThroughPage(page);
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
  // The heading comes with the server's HTML, before the slots below the fold have their code:
  // the page must hold all of this release before its files are swapped out from under it (a
  // CI run's page asked for chunks already gone, and failed on the 404s).
  await page.waitForLoadState('networkidle');

  const build = buildEditedRemote('remote-home', [
    // A change in a component…
    {
      file: 'src/features/questions/components/question-answers.tsx',
      from: '{ka.home.faqTitle}',
      to: `{${JSON.stringify(CHANGED_TITLE)}}`,
    },
    // …and in the slice's own API module, which no other app has a copy of (decision 010).
    {
      file: 'src/features/questions/api/question-answer.ts',
      from: '.sort((a, b) => a.order - b.order);',
      to: `.sort((a, b) => a.order - b.order).map((item) => ({ ...item, question: item.question + ${JSON.stringify(NEW_MARK)} }));`,
    },
  ]);
  // Deployed and rolled out: the new files alone would run nowhere (decision 025).
  const restore = await deployInto('remote-home', build);
  try {
    await reloadUntil(page, async () => {
      await expect(page.getByRole('heading', { name: CHANGED_TITLE })).toBeVisible({
        timeout: 5_000,
      });
    });
    await expect(page.getByText(`${firstQuestion}${NEW_MARK}`)).toBeVisible();
    // The server renders the slot with the new release too: its HTML already says so, not
    // only the page once the browser has rendered the slot afresh.
    const html = await serverHtml(page);
    expect(html).toContain(CHANGED_TITLE);
    expect(html).toContain(`${firstQuestion}${NEW_MARK}`);
    // The host was neither rebuilt nor redeployed.
    expect(hashTree(hostDist)).toBe(hostBefore);
  } finally {
    await restore();
  }

  // And rolling back is the same operation.
  await reloadUntil(page, async () => {
    await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible({
      timeout: 5_000,
    });
  });
  await expect(page.getByText(firstQuestion, { exact: true })).toBeVisible();
  const html = await serverHtml(page);
  expect(html).toContain(ka.home.faqTitle);
  expect(html).not.toContain(CHANGED_TITLE);
  expect(html).not.toContain(NEW_MARK);
});
