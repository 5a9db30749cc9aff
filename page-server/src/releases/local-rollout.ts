import type { KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_APPS } from 'release-contract/apps';
import { buildRuntimeConfig, type RegisteredReleases } from 'release-contract/config-from-env';
import { pinsOfBuild } from 'release-contract/release-integrity';
import { type ReleasesDocument, releasesDocumentOf } from 'release-contract/releases-document';
import {
  keptSigningKey,
  publicKeyPemOf,
  releasesPublicKey,
  signReleasesDocument,
  verifyReleasesDocument,
} from 'release-contract/signed-releases';

type Env = Record<string, string | undefined>;

/*
 * `pnpm start`'s rollout (decision 025): the remotes it serves from their build folders are
 * registered by the digests of those builds when the host starts, and written to a releases
 * document the host reads as its RELEASES_SOURCE (again within a second of a change, as a
 * deployment's, issue 48).
 * Bytes changed in a build folder afterwards are not what was registered: neither the server
 * nor the browser runs them until the next rollout (`rollOutLocally`, or a restart).
 * The document is signed as a deployment's is (decision 040), with the checkout's own key,
 * made once beside it: the page server believes nothing else here either.
 */

/** Where the local rollout's releases document is kept (beside the repository's builds). */
export const localRolloutFile = (repoRoot: string) =>
  path.join(repoRoot, '.local-rollout', 'releases.json');

/** The local rollout's signing key (PKCS#8 PEM, readable by its owner only). */
export const localSigningKeyFile = (repoRoot: string) =>
  path.join(repoRoot, '.local-rollout', 'signing-key.pem');

/** The checkout's signing key: made the first time it is needed. */
export const localSigningKey = (repoRoot: string): KeyObject =>
  keptSigningKey(localSigningKeyFile(repoRoot));

/** The public key the local page servers verify the document with (RELEASES_PUBLIC_KEY). */
export const localPublicKey = (repoRoot: string): string =>
  publicKeyPemOf(localSigningKey(repoRoot));

/** Signs a document with the checkout's key and puts it in place whole: the host reads it while it is replaced. */
export async function writeLocalReleases(
  repoRoot: string,
  document: ReleasesDocument,
): Promise<void> {
  const text = await signReleasesDocument(document, localSigningKey(repoRoot));
  const file = localRolloutFile(repoRoot);
  mkdirSync(path.dirname(file), { recursive: true });
  const staging = `${file}.${process.pid}.tmp`;
  writeFileSync(staging, text);
  renameSync(staging, file);
}

/** The document the local rollout wrote, as the host believes it (its signature checked). */
export async function readLocalReleases(repoRoot: string): Promise<ReleasesDocument> {
  const text = readFileSync(localRolloutFile(repoRoot), 'utf8');
  const key = publicKeyPemOf(localSigningKey(repoRoot));
  return (await verifyReleasesDocument(text, releasesPublicKey(key), false)).document;
}

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

/** Registers the local builds and writes the releases document the host serves pages with, signed. */
export async function rollOutLocally(env: Env, repoRoot: string): Promise<ReleasesDocument> {
  const document = releasesDocumentOf(buildRuntimeConfig(env, registerLocalBuilds(env, repoRoot)));
  await writeLocalReleases(repoRoot, document);
  return document;
}
