import path from 'node:path';
import { ka } from 'shared/strings/ka';
import { questionAnswers } from 'shared/testing/fixtures';
import { expect, test } from '../fixtures';
import { scrollThroughPage } from '../utils/page-utils';
import { buildEditedRemote, deployInto, hashTree, REPO_ROOT } from '../utils/redeploy-utils';

const CHANGED_TITLE = 'ხშირად დასმული კითხვები — ახალი გამოშვება';
const NEW_MARK = ' (ახალი)';
const firstQuestion = [...questionAnswers].sort((a, b) => a.order - b.order)[0]?.question ?? '';

test('a remote rebuilt and redeployed alone shows its changes, API module included, after a reload', async ({
  page,
  request,
}) => {
  // It rebuilds remote-home in production mode: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const hostDist = path.join(REPO_ROOT, 'host/dist');
  const hostBefore = hashTree(hostDist);

  await page.goto('/');
  await scrollThroughPage(page);
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
  // A page the server rendered with this release, as a browser that asked just before the
  // deploy got it; its scripts will come after (decision 020).
  const before = await request.get('/');
  const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = before.headers();
  const pageBefore = { headers, body: await before.text() };
  expect(pageBefore.body).toContain('id="page-state"');

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
      from: 'return [...items].sort((a, b) => a.order - b.order);',
      to: `return [...items].sort((a, b) => a.order - b.order).map((item) => ({ ...item, question: item.question + ${JSON.stringify(NEW_MARK)} }));`,
    },
  ]);
  const restore = deployInto('remote-home', build);
  try {
    // The page from before the deploy, its scripts from after: the slots the old release
    // rendered are rendered afresh by the new one, with its own answers, and no hydration
    // error (the console guard fails on any).
    await page.context().grantPermissions(['local-network-access']);
    await page.route(
      (url) => url.pathname === '/',
      (route) => route.fulfill({ status: 200, ...pageBefore }),
      { times: 1 },
    );
    await page.goto('/');
    await scrollThroughPage(page);
    await expect(page.getByRole('heading', { name: CHANGED_TITLE })).toBeVisible();
    await expect(page.getByText(`${firstQuestion}${NEW_MARK}`)).toBeVisible();

    await page.reload();
    await scrollThroughPage(page);
    await expect(page.getByRole('heading', { name: CHANGED_TITLE })).toBeVisible();
    await expect(page.getByText(`${firstQuestion}${NEW_MARK}`)).toBeVisible();
    // The host was neither rebuilt nor redeployed.
    expect(hashTree(hostDist)).toBe(hostBefore);
  } finally {
    restore();
  }

  // And rolling back is the same operation.
  await page.reload();
  await scrollThroughPage(page);
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
  await expect(page.getByText(firstQuestion, { exact: true })).toBeVisible();
});
