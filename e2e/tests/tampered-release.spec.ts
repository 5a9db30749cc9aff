import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { kaHost } from 'host/words/ka-host';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { expect, test } from '../fixtures';
import { pageServers, restarted } from '../utils/page-server-utils';
import { REPO_ROOT } from '../utils/redeploy-utils';
import { SERVED } from '../utils/tags';
import { remoteBaseUrl } from '../utils/urls';

/*
 * Issue 28's target: a release's files changed on the remote's origin after its rollout, under
 * the same names (its browser entry and its server bundle). The browser runs none of it (the
 * entry's pinned integrity), the host's server runs none of it (the bundle's pinned digest,
 * checked before evaluation), and the page still answers 200 with that remote's slots showing
 * their fallback. Issue 45, row 2: its manifest changed instead, to name a new `evil.js` as a
 * `module` entry (which the runtime `import()`s, past any script's integrity). The manifest is
 * pinned too: nothing it names loads, in the browser or on the server. Through `pnpm start` and
 * through nginx's releases alike.
 */

/**
 * The folder the remote's current release is served from, and whether nginx's deployment serves
 * it (its releases are versioned paths): read from the running host, never from files an
 * earlier run may have left.
 */
async function servedRelease(): Promise<{ folder: string; behindNginx: boolean }> {
  const base = new URL(await remoteBaseUrl('remote_home'));
  const release = /\/releases\/([0-9a-f]+)\/$/.exec(base.pathname)?.[1];
  return release
    ? {
        folder: path.join(REPO_ROOT, '.nginx/site/remote-home/releases', release),
        behindNginx: true,
      }
    : { folder: path.join(REPO_ROOT, 'remote-home/dist'), behindNginx: false };
}

/**
 * Runs `attack` on the remote's current release folder, then puts the folder back as it was
 * (the releases after this spec are the registered ones again).
 */
async function withReleaseChanged(
  attack: (release: { folder: string; behindNginx: boolean }) => Promise<void>,
): Promise<void> {
  const release = await servedRelease();
  const backup = mkdtempSync(path.join(tmpdir(), 'tampered-backup-'));
  cpSync(release.folder, backup, { recursive: true });
  try {
    await attack(release);
  } finally {
    rmSync(release.folder, { recursive: true, force: true });
    cpSync(backup, release.folder, { recursive: true });
    rmSync(backup, { recursive: true, force: true });
  }
}

/** Writes a release's file; the servers would send its precompressed copies instead. */
function rewrite(file: string, content: string): void {
  writeFileSync(file, content);
  for (const copy of [`${file}.br`, `${file}.gz`]) rmSync(copy, { force: true });
}

const calculatorOf = (page: Page) =>
  page.getByRole('region', { name: kaHost.home.calculatorLabel });

test('a release changed after its rollout runs nowhere: its slots fall back, the page answers', {
  tag: SERVED,
}, async ({ page, request, allowConsoleErrors }) => {
  const marker = path.join(mkdtempSync(path.join(tmpdir(), 'tampered-')), 'ran');
  const tamper = (file: string, code: string) =>
    rewrite(file, `${code}\n${readFileSync(file, 'utf8')}`);
  allowConsoleErrors(
    // Chromium's refusal of the changed entry, and the slots' boundaries that caught it.
    { text: /integrity/i },
    { text: /RUNTIME-008/, optional: true },
  );
  await withReleaseChanged(async ({ folder, behindNginx }) => {
    const ssr = path.join(folder, 'ssr');
    const bundle = readdirSync(ssr).find((name) => name.endsWith('.cjs'));
    if (!bundle) throw new Error(`${ssr} has no server bundle`);
    tamper(path.join(folder, 'remoteEntry.js'), 'window.__tampered = true;');
    tamper(
      path.join(ssr, bundle),
      `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');`,
    );

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(calculatorOf(page)).toContainText(kaHost.remote.unavailable);
    expect(await page.evaluate(() => Reflect.get(window, '__tampered'))).toBeUndefined();

    // Behind nginx, page servers started afresh fetch the changed release, and refuse it.
    for (const server of behindNginx ? pageServers() : []) {
      process.kill(server.pid, 'SIGKILL');
      await restarted(server);
    }
    // Every page still answers, rendered by the server without the changed code.
    for (const url of ['/', '/static', '/recovery', '/']) {
      expect((await request.get(url)).status(), url).toBe(200);
    }
    expect(existsSync(marker)).toBe(false);
  });
});

/** Whether the server rendered the calculator's form into a visitor's page (its slot's code ran). */
async function serverRendersCalculator(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  return (await response.text()).includes(kaCalculator.amountField);
}

test('a release whose manifest changed after its rollout loads nothing it names: evil.js never runs', {
  tag: SERVED,
}, async ({ page, request, allowConsoleErrors }) => {
  allowConsoleErrors(
    // Chromium's refusal of the changed manifest, and the slots' boundaries that caught it.
    { text: /integrity/i },
    { text: /RUNTIME-003/, optional: true },
  );
  const evil: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('evil.js')) evil.push(sent.url());
  });
  await withReleaseChanged(async ({ folder }) => {
    // The release as registered: its server renders the calculator.
    await expect.poll(() => serverRendersCalculator(request), { timeout: 60_000 }).toBe(true);

    // Row 2: the manifest names a new evil.js as a `module` entry, which marks the page.
    const manifestFile = path.join(folder, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.metaData.remoteEntry = {
      ...manifest.metaData.remoteEntry,
      name: 'evil.js',
      type: 'module',
    };
    rewrite(manifestFile, JSON.stringify(manifest, null, 2));
    writeFileSync(
      path.join(folder, 'evil.js'),
      'window.__evil = true;\nexport const get = () => {};\nexport const init = () => {};\n',
    );

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(calculatorOf(page)).toContainText(kaHost.remote.unavailable);
    expect(await page.evaluate(() => Reflect.get(window, '__evil'))).toBeUndefined();
    expect(evil).toEqual([]);

    // The page servers read the manifest again within a second, and stop rendering with it.
    await expect.poll(() => serverRendersCalculator(request)).toBe(false);
    expect(evil).toEqual([]);
  });
});
