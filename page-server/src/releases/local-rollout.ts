import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildRuntimeConfig, type RegisteredReleases } from 'release-contract/config-from-env';
import {
  formatReleasesDocument,
  type ReleasesDocument,
  releasesDocumentOf,
} from 'release-contract/releases-document';
import { REMOTE_APPS } from 'tooling/apps';
import { pinsOfBuild } from 'tooling/release-integrity';

type Env = Record<string, string | undefined>;

/*
 * `pnpm start`'s rollout (decision 025): the remotes it serves from their build folders are
 * registered by the digests of those builds when the host starts, and written to a releases
 * document the host reads as its RELEASES_SOURCE (again within a second of a change, as a
 * deployment's, issue 48).
 * Bytes changed in a build folder afterwards are not what was registered: neither the server
 * nor the browser runs them until the next rollout (`rollOutLocally`, or a restart).
 */

/** Where the local rollout's releases document is kept (beside the repository's builds). */
export const localRolloutFile = (repoRoot: string) =>
  path.join(repoRoot, '.local-rollout', 'releases.json');

/** The pins of each remote served from its build folder here (not one moved by REMOTE_*_URL). */
export function registerLocalBuilds(env: Env, repoRoot: string): RegisteredReleases {
  const registered: RegisteredReleases = {};
  for (const remote of REMOTE_APPS) {
    const build = path.join(repoRoot, remote.folder, 'dist');
    if (env[remote.urlEnv] || !existsSync(path.join(build, 'mf-manifest.json'))) continue;
    registered[remote.name] = pinsOfBuild(build);
  }
  return registered;
}

/** Registers the local builds and writes the releases document the host serves pages with. */
export function rollOutLocally(env: Env, repoRoot: string): ReleasesDocument {
  const document = releasesDocumentOf(buildRuntimeConfig(env, registerLocalBuilds(env, repoRoot)));
  const file = localRolloutFile(repoRoot);
  mkdirSync(path.dirname(file), { recursive: true });
  // Whole or not at all: the host reads it while it is replaced.
  const staging = `${file}.${process.pid}.tmp`;
  writeFileSync(staging, formatReleasesDocument(document));
  renameSync(staging, file);
  return document;
}
