import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ka } from 'shared/strings/ka';
import { expect, test } from '../fixtures';
import { scrollThroughPage } from '../utils/page-utils';
import { buildEditedRemote, hashTree, REPO_ROOT } from '../utils/redeploy-utils';
import { SERVED } from '../utils/tags';
import { releaseFolderOf } from '../utils/urls';

// Served through nginx only (`pnpm test:prod`): every remote is a release under a versioned
// path, and the host's runtime configuration pins which one it uses (.nginx/releases.env).

const PINS = path.join(REPO_ROOT, '.nginx/releases.env');
const NEW_TITLE = 'ხშირად დასმული კითხვები — ახალი გამოშვება';

/** The deployment command a team runs (README "Deploying a slice on its own"). */
const deploy = (...args: string[]) =>
  execFileSync('pnpm', ['--silent', '--filter', 'deploy', 'nginx', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });

/**
 * Waits until the host's pages name `release`: a page server reads the rollout at most once a
 * second (host/server/config-from-env), so a page asked for at once may still name the one
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

test('a slice deployed as a new release is rolled out and back with one line of configuration, no rebuild', {
  tag: SERVED,
}, async ({ page }) => {
  // It builds remote-home in production mode: minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const pinsBefore = readFileSync(PINS, 'utf8');
  const current = /^REMOTE_HOME_URL=(.*\/(releases\/[0-9a-f]+)\/mf-manifest\.json)$/m.exec(
    pinsBefore,
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
  const line = /^REMOTE_HOME_URL=.*$/m.exec(released)?.[0] ?? '';
  const next = /(releases\/[0-9a-f]+)\//.exec(line)?.[1];
  expect(next, released).toBeTruthy();
  expect(next).not.toBe(current?.[2]);

  try {
    // Rolling out: one line changed, the host's pages written again.
    writeFileSync(PINS, pinsBefore.replace(/^REMOTE_HOME_URL=.*$/m, line));
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
    // Rolling back is the same one line.
    writeFileSync(PINS, pinsBefore);
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
