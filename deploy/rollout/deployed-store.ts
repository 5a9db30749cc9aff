import { execFileSync } from 'node:child_process';
import type { RemoteApp } from 'tooling/apps';
import { inProductionFile, PINS_FILE, REGISTRY_DIR, REPO_ROOT } from '../deploy-paths';
import { type Env, releaseStore } from './release-store';
import { nodeFiles } from './rollout-files';

/** This checkout's deployment records, on disk (deploy-paths). */
export const deployedStore = (env: Env = process.env) =>
  releaseStore(nodeFiles, {
    pins: PINS_FILE,
    registry: REGISTRY_DIR,
    inProduction: inProductionFile(env),
  });

/** Records that a release passed `pnpm test:skew` (decision 019): a canary may start with it. */
export function recordSkewPass(remote: RemoteApp, release: string): void {
  deployedStore().recordSkewPass(remote, release, new Date());
}

/** Records the commit a release is built from: RELEASE_COMMIT, else the checkout's HEAD. */
export function recordReleaseCommit(remote: RemoteApp, id: string, env: Env = process.env): void {
  let commit = env.RELEASE_COMMIT?.trim();
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      }).trim();
    } catch {
      return;
    }
  }
  deployedStore(env).recordCommit(remote, id, commit);
}
