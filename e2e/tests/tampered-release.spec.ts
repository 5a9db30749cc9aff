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
import { kaHost } from '../../host/src/words/ka-host';
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
 * their fallback. Through `pnpm start` and through nginx's releases alike.
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

test('a release changed after its rollout runs nowhere: its slots fall back, the page answers', {
  tag: SERVED,
}, async ({ page, request, allowConsoleErrors }) => {
  const { folder, behindNginx } = await servedRelease();
  const marker = path.join(mkdtempSync(path.join(tmpdir(), 'tampered-')), 'ran');
  const backup = mkdtempSync(path.join(tmpdir(), 'tampered-backup-'));
  cpSync(folder, backup, { recursive: true });
  const ssr = path.join(folder, 'ssr');
  const bundle = readdirSync(ssr).find((name) => name.endsWith('.cjs'));
  if (!bundle) throw new Error(`${ssr} has no server bundle`);
  const tamper = (file: string, code: string) => {
    writeFileSync(file, `${code}\n${readFileSync(file, 'utf8')}`);
    // The servers would send the precompressed copies instead of the changed file.
    for (const copy of [`${file}.br`, `${file}.gz`]) rmSync(copy, { force: true });
  };
  allowConsoleErrors(
    // Chromium's refusal of the changed entry, and the slots' boundaries that caught it.
    { text: /integrity/i },
    { text: /RUNTIME-008/, optional: true },
  );
  try {
    tamper(path.join(folder, 'remoteEntry.js'), 'window.__tampered = true;');
    tamper(
      path.join(ssr, bundle),
      `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');`,
    );

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const calculator = page.getByRole('region', { name: kaHost.home.calculatorLabel });
    await expect(calculator).toContainText(kaHost.remote.unavailable);
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
  } finally {
    rmSync(folder, { recursive: true, force: true });
    cpSync(backup, folder, { recursive: true });
    rmSync(backup, { recursive: true, force: true });
  }
});
