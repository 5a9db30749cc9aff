// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { integrityOf } from 'release-contract/release-integrity';
import {
  localPublicKey,
  localRolloutFile,
  localSigningKeyFile,
  readLocalReleases,
  rollOutLocally,
} from './local-rollout';

/** A repository with remote-home built (entry and server bundle) and the others not. */
function repoWithHomeBuilt(entry: string) {
  const root = mkdtempSync(path.join(tmpdir(), 'local-rollout-'));
  const dist = path.join(root, 'remote-home/dist');
  mkdirSync(path.join(dist, 'ssr'), { recursive: true });
  writeFileSync(path.join(dist, 'remoteEntry.js'), entry);
  writeFileSync(path.join(dist, 'ssr/remote-entry.aaaa.cjs'), 'exports.modules = {};');
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      metaData: {
        remoteEntry: { name: 'remoteEntry.js', path: '' },
        ssrRemoteEntry: { name: 'remote-entry.aaaa.cjs', path: 'ssr' },
      },
    }),
  );
  return { root, dist };
}

describe('pnpm start’s rollout', () => {
  it('registers each remote built here by its bytes, in the releases document the host reads', async () => {
    const { root, dist } = repoWithHomeBuilt('var remote_home = 1;');
    try {
      const config = await rollOutLocally({}, root);
      expect(await readLocalReleases(root)).toEqual(config);
      expect(config.remotes[0]).toEqual({
        name: 'remote_home',
        manifestUrl: 'http://localhost:3001/mf-manifest.json',
        integrity: {
          entry: integrityOf('var remote_home = 1;'),
          server: integrityOf('exports.modules = {};'),
          manifest: integrityOf(readFileSync(path.join(dist, 'mf-manifest.json'))),
        },
      });
      // Not built here, or served from elsewhere: nothing registered for it.
      expect(config.remotes[1]).not.toHaveProperty('integrity');
      expect(
        (await rollOutLocally({ REMOTE_HOME_URL: 'https://cdn.example/mf-manifest.json' }, root))
          .remotes[0],
      ).not.toHaveProperty('integrity');

      // A later build is registered by the next rollout, not before.
      writeFileSync(path.join(dist, 'remoteEntry.js'), 'var remote_home = 2;');
      expect((await readLocalReleases(root)).remotes[0]).not.toHaveProperty('integrity');
      expect((await rollOutLocally({}, root)).remotes[0]?.integrity?.entry).toBe(
        integrityOf('var remote_home = 2;'),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('signs the document with the checkout’s own key, kept from one start to the next and readable by its owner only', async () => {
    const { root } = repoWithHomeBuilt('var remote_home = 1;');
    try {
      await rollOutLocally({}, root);
      const signed = JSON.parse(readFileSync(localRolloutFile(root), 'utf8'));
      expect(Object.keys(signed).sort()).toEqual(['payload', 'protected', 'signature']);
      expect(statSync(localSigningKeyFile(root)).mode & 0o777).toBe(0o600);
      const key = localPublicKey(root);
      await rollOutLocally({}, root);
      expect(localPublicKey(root)).toBe(key);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
