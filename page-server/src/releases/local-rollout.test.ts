// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { integrityOf } from 'tooling/release-integrity';
import { localRolloutFile, rollOutLocally } from './local-rollout';

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
  it('registers each remote built here by its bytes, in the releases document the host reads', () => {
    const { root, dist } = repoWithHomeBuilt('var remote_home = 1;');
    try {
      const config = rollOutLocally({}, root);
      const written = JSON.parse(readFileSync(localRolloutFile(root), 'utf8'));
      expect(written).toEqual(config);
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
        rollOutLocally({ REMOTE_HOME_URL: 'https://cdn.example/mf-manifest.json' }, root)
          .remotes[0],
      ).not.toHaveProperty('integrity');

      // A later build is registered by the next rollout, not before.
      writeFileSync(path.join(dist, 'remoteEntry.js'), 'var remote_home = 2;');
      expect(
        JSON.parse(readFileSync(localRolloutFile(root), 'utf8')).remotes[0],
      ).not.toHaveProperty('integrity');
      expect(rollOutLocally({}, root).remotes[0]?.integrity?.entry).toBe(
        integrityOf('var remote_home = 2;'),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
