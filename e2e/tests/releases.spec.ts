import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { scrollThroughPage } from '../utils/page-utils';
import { buildEditedRemote, hashTree, REPO_ROOT } from '../utils/redeploy-utils';
import {
  readReleases,
  releaseOf,
  withRelease,
  writeReleases,
} from '../utils/releases-document-utils';
import { SERVED } from '../utils/tags';
import { releaseFolderOf } from '../utils/urls';

// Served through nginx only (`pnpm test:prod`): every remote is a release under a versioned
// path, and the releases document pins which one the host uses (.nginx/releases.json).

const NEW_TITLE = 'ხშირად დასმული კითხვები — ახალი გამოშვება';

/** The deployment command a team runs (README "Deploying a slice on its own"). */
const deploy = (...args: string[]) =>
  execFileSync('pnpm', ['--silent', '--filter', 'deploy', 'nginx', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });

/**
 * Waits until the host's pages name `release`: a page server reads the rollout at most once a
 * second (page-server/src/releases/releases-source), so a page asked for at once may still name the one
 * before. Three pages in a row, so each page server behind nginx has read it.
 */
async function untilPagesName(page: import('@playwright/test').Page, release: string) {
  let inARow = 0;
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get('/')).text();
        inARow = html.includes(`/${release}/`) ? inARow + 1 : 0;
        return inARow;
      },
      { timeout: 15_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(3);
}

/** The folder of remote-home's files each request of the page came from. */
function releasesAsked(page: import('@playwright/test').Page): Set<string> {
  const folders = new Set<string>();
  page.on('request', (request) => {
    const folder = releaseFolderOf('remote_home', request.url());
    if (folder) folders.add(folder);
  });
  return folders;
}

test('a slice deployed as a new release is rolled out and back with one address in the releases document, no rebuild', {
  tag: SERVED,
}, async ({ page }) => {
  // It builds remote-home in production mode: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const before = readReleases();
  const current = /^(.*\/(releases\/[0-9a-f]+)\/mf-manifest\.json)$/.exec(
    releaseOf(before, 'remote_home').manifestUrl,
  );
  expect(current, 'remote-home is pinned to a release').not.toBeNull();
  const hostBuild = hashTree(path.join(REPO_ROOT, 'host/dist'));

  const build = buildEditedRemote('remote-home', [
    {
      file: 'src/features/questions/components/question-answers.tsx',
      from: '{ka.home.faqTitle}',
      to: `{${JSON.stringify(NEW_TITLE)}}`,
    },
  ]);
  const released = deploy('release', 'remote-home', build);
  const address =
    /^https?:\/\/\S+\/releases\/[0-9a-f]+\/mf-manifest\.json$/m.exec(released)?.[0] ?? '';
  const next = /(releases\/[0-9a-f]+)\//.exec(address)?.[1];
  expect(next, released).toBeTruthy();
  expect(next).not.toBe(current?.[2]);

  try {
    // Rolling out: one address changed, the host's pages written again (render pins the
    // release by the digests it registered).
    writeReleases(
      withRelease(before, 'remote_home', ({ integrity: _old, ...home }) => ({
        ...home,
        manifestUrl: address,
      })),
    );
    deploy('render');
    await untilPagesName(page, String(next));
    const asked = releasesAsked(page);
    await page.goto('/');
    await scrollThroughPage(page);
    await expect(page.getByRole('heading', { name: NEW_TITLE })).toBeVisible();
    // Manifest, entry, chunks and styles all came from the new release's folder.
    expect([...asked]).toEqual([next]);
    // The release before it is still served, untouched, for the rollback.
    const previous = await page.request.get(String(current?.[1]));
    expect(previous.status()).toBe(200);
  } finally {
    // Rolling back is the same one address.
    writeReleases(before);
    deploy('render');
  }

  await untilPagesName(page, String(current?.[2]));
  const asked = releasesAsked(page);
  await page.reload();
  await scrollThroughPage(page);
  await expect(page.getByRole('heading', { name: ka.home.faqTitle })).toBeVisible();
  expect([...asked]).toEqual([current?.[2]]);
  // Neither rollout nor rollback rebuilt the host.
  expect(hashTree(path.join(REPO_ROOT, 'host/dist'))).toBe(hostBuild);
});
