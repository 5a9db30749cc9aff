import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { RegisteredReleases } from 'release-contract/config-from-env';
import { releaseOfManifest } from 'release-contract/rum-events';
import { HOST_APP, portOf, REMOTE_APPS, type RemoteApp } from 'tooling/apps';
import { pinsOfBuild } from 'tooling/release-integrity';
import { isPublished } from 'tooling/rspack/build-output';
import { remotePathOnSite, SITE_DIR } from '../deploy-paths';
import { deployedStore } from './deployed-store';
import { releaseId } from './release-id';
import type { Env } from './release-store';

/*
 * A remote's releases on the deployment's site, side by side and never changed:
 *
 *   site/<remote>/releases/<id>/        every release of a remote
 *
 * A release id is the hash of its build, so the same build is the same release and a new build
 * never overwrites an old one: rolling back is pointing the runtime configuration at the older
 * folder (REMOTE_*_URL), with no rebuild and nothing copied. Registering one records its pins.
 */

export const releasesDir = (remote: RemoteApp) => path.join(SITE_DIR, remote.folder, 'releases');

/**
 * Where a release's manifest is served: the URL a REMOTE_*_URL line pins. Under the site's own
 * origin (the host's nginx serves each remote's folder at /<remote>/): a page then reaches no
 * other origin (decision 031, fifth part). The remote's own port serves the same folder.
 */
export const releaseUrl = (remote: RemoteApp, id: string, env: Env = process.env) =>
  `http://localhost:${portOf(HOST_APP, env)}${remotePathOnSite(remote.folder)}releases/${id}/mf-manifest.json`;

/** Copies a folder without its source maps, into place at once (a rename), so nginx never serves half of it. */
export function publish(from: string, to: string) {
  const staging = `${to}.staging`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(from, staging, { recursive: true, filter: (source) => isPublished(source) });
  rmSync(to, { recursive: true, force: true });
  mkdirSync(path.dirname(to), { recursive: true });
  renameSync(staging, to);
}

/**
 * Deploys a remote's build as a release beside the earlier ones and returns its id. The same
 * build deployed twice is one release; a release already there is never touched. Its pins are
 * registered from the build, before it is published (decision 025): a rollout writes these into
 * the runtime configuration, not digests of whatever the release's folder holds by then.
 */
export function releaseRemote(remote: RemoteApp, build: string): string {
  if (!existsSync(path.join(build, 'mf-manifest.json'))) {
    throw new Error(`${build} is not a remote's build (no mf-manifest.json): run "pnpm build"`);
  }
  const id = releaseId(build);
  const target = path.join(releasesDir(remote), id);
  // Registered from the build, never from its published folder, which may have changed since.
  deployedStore().register(remote, id, pinsOfBuild(build), build);
  if (!existsSync(target)) publish(build, target);
  return id;
}

/** The id of the release a URL names, when it is a release deployed here. */
export function deployedReleaseId(
  remote: RemoteApp,
  url: string | undefined,
  env: Env = process.env,
) {
  const id = url ? releaseOfManifest(url) : undefined;
  return id && url === releaseUrl(remote, id, env) ? id : undefined;
}

/**
 * The pins registered for each remote whose REMOTE_*_URL names a release deployed here, and
 * for each canary (REMOTE_*_CANARY_URL) that does.
 */
export function registeredReleases(env: Env): RegisteredReleases {
  const registered: RegisteredReleases = { canaries: {} };
  const store = deployedStore(env);
  for (const remote of REMOTE_APPS) {
    const id = deployedReleaseId(remote, env[remote.urlEnv], env);
    if (id) registered[remote.name] = store.registeredPins(remote, id);
    const canary = deployedReleaseId(remote, env[remote.canaryUrlEnv], env);
    if (canary && registered.canaries)
      registered.canaries[remote.name] = store.registeredPins(remote, canary);
  }
  return registered;
}
