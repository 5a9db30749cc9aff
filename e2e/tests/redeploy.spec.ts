import path from 'node:path';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { buildEditedRemote, deployInto, hashTree, REPO_ROOT } from '../utils/redeploy-utils';

const CHANGED_TITLE = 'ხშირად დასმული კითხვები — ახალი გამოშვება';

test('a remote rebuilt and redeployed alone shows its change in the running host after a reload', async ({
  page,
}) => {
  // It rebuilds remote-home in production mode: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const hostDist = path.join(REPO_ROOT, 'host/dist');
  const hostBefore = hashTree(hostDist);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();

  const build = buildEditedRemote('remote-home', {
    file: 'src/features/questions/components/question-answers.tsx',
    from: '{ka.home.faqTitle}',
    to: `{${JSON.stringify(CHANGED_TITLE)}}`,
  });
  const restore = deployInto('remote-home', build);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: CHANGED_TITLE })).toBeVisible();
    // The host was neither rebuilt nor redeployed.
    expect(hashTree(hostDist)).toBe(hostBefore);
  } finally {
    restore();
  }

  // And rolling back is the same operation.
  await page.reload();
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
});
