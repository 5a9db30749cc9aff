import { execFileSync } from 'node:child_process';
import type { RemoteApp } from 'release-contract/apps';
import { parseReleasesDocument, type ReleasesDocument } from 'release-contract/releases-document';
import { signReleasesDocument } from 'release-contract/signed-releases';
import {
  inProductionFile,
  REGISTRY_DIR,
  RELEASES_FILE,
  REPO_ROOT,
  releasesTargetUrl,
  signedReleasesFile,
} from '../deploy-paths';
import { originCredentials, originFetch, putUrl } from './release-origin';
import { type Env, releaseStore } from './release-store';
import { rolloutSigningKey } from './releases-signing';
import { nodeFiles } from './rollout-files';

/** This checkout's deployment records, on disk (deploy-paths). */
export const deployedStore = (env: Env = process.env) =>
  releaseStore(nodeFiles, {
    document: RELEASES_FILE,
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
 * Publishes the rollout's copy of the releases document where the page servers read it, signed
 * with the rollout's key (decision 040): into a file (RELEASES_TARGET, else
 * `.nginx/releases.signed.json`) whole, or PUT to an http(s) RELEASES_TARGET with the origin's
 * credentials, never cached (in a cluster, a ConfigMap is written with it: docs/releases.md).
 */
export async function publishReleasesDocument(
  env: Env = process.env,
  document: ReleasesDocument = workingCopy(),
): Promise<void> {
  const text = await signReleasesDocument(document, rolloutSigningKey(env));
  const target = releasesTargetUrl(env);
  if (!target) {
    const file = signedReleasesFile(env);
    nodeFiles.write(`${file}.tmp`, text);
    nodeFiles.rename(`${file}.tmp`, file);
    return;
  }
  await putUrl(
    target,
    new TextEncoder().encode(text),
    { contentType: 'application/json', cacheControl: 'no-cache' },
    originFetch(originCredentials(env)),
  );
}

/** The rollout's working copy, as it stands. */
function workingCopy(): ReleasesDocument {
  const text = nodeFiles.read(RELEASES_FILE);
  if (text === undefined) throw new Error(`${RELEASES_FILE} does not exist: nothing to publish`);
  return parseReleasesDocument(text, false);
}
