import { execFileSync } from 'node:child_process';
import type { RemoteApp } from 'tooling/apps';
import {
  inProductionFile,
  REGISTRY_DIR,
  REPO_ROOT,
  releasesFile,
  releasesTargetUrl,
} from '../deploy-paths';
import { originCredentials, originFetch, putUrl } from './release-origin';
import { type Env, releaseStore } from './release-store';
import { nodeFiles } from './rollout-files';

/** This checkout's deployment records, on disk (deploy-paths). */
export const deployedStore = (env: Env = process.env) =>
  releaseStore(nodeFiles, {
    document: releasesFile(env),
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

/**
 * Publishes the rollout's copy of the releases document where the page servers read it, when
 * that is an http(s) address (RELEASES_TARGET): PUT, signed as the origin's uploads are, never
 * cached (in a cluster, a ConfigMap is written instead: docs/releases.md).
 */
export async function publishReleasesDocument(
  env: Env = process.env,
  text = nodeFiles.read(releasesFile(env)),
): Promise<void> {
  const target = releasesTargetUrl(env);
  if (!target) return;
  if (text === undefined)
    throw new Error(`${releasesFile(env)} does not exist: nothing to publish`);
  await putUrl(
    target,
    new TextEncoder().encode(text),
    { contentType: 'application/json', cacheControl: 'no-cache' },
    originFetch(originCredentials(env)),
  );
}
