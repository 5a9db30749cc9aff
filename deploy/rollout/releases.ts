import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { HOST_APP, portOf, REMOTE_APPS, type RemoteApp } from 'release-contract/apps';
import { isPublished } from 'release-contract/build-output';
import { pinsOfBuild } from 'release-contract/release-integrity';
import { formatReleasesDocument, type ReleasesDocument } from 'release-contract/releases-document';
import { releaseOfManifest } from 'release-contract/rum-events';
import { deployedStore } from './deployed-store';
import { releaseId } from './release-id';
import { MANIFEST, releaseKey, releaseOrigin, uploadRelease } from './release-origin';
import type { Env } from './release-store';

/*
 * A remote's releases on the release origin (release-origin.ts), side by side and never changed:
 *
 *   <remote>/releases/<id>/        every release of a remote
 *
 * A release id is the hash of its build, so the same build is the same release and a new build
 * never overwrites an old one: rolling back is pointing the releases document at the older
 * release, with no rebuild and nothing copied. Registering one records its pins.
 */

/**
 * The address browsers and page servers reach the release origin by: RELEASE_PUBLIC_URL, else
 * the site's own origin (the host's nginx serves `.nginx/site/<remote>/` at /<remote>/): a page
 * then reaches no other origin (decision 031, "One origin").
 */
export const releasePublicUrl = (env: Env = process.env) =>
  (env.RELEASE_PUBLIC_URL?.trim() || `http://localhost:${portOf(HOST_APP, env)}`).replace(
    /\/+$/,
    '',
  );

/** Where a release's manifest is served: the address the releases document pins. */
export const releaseUrl = (remote: RemoteApp, id: string, env: Env = process.env) =>
  `${releasePublicUrl(env)}/${releaseKey(remote, id, MANIFEST)}`;

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
 * Deploys a remote's build as a release beside the earlier ones and returns its id: uploaded
 * once to the release origin (RELEASE_ORIGIN). The same build deployed twice is one release; a
 * file already there is never touched. Its pins are registered from the build, before it is
 * uploaded (decision 025): a rollout writes these into the releases document, not digests of
 * whatever the origin holds by then.
 */
export async function releaseRemote(
  remote: RemoteApp,
  build: string,
  env: Env = process.env,
): Promise<string> {
  if (!existsSync(path.join(build, MANIFEST))) {
    throw new Error(`${build} is not a remote's build (no ${MANIFEST}): run "pnpm build"`);
  }
  const id = releaseId(build);
  // Registered from the build, never from its uploaded copy, which may have changed since.
  deployedStore(env).register(remote, id, pinsOfBuild(build), build);
  await uploadRelease(releaseOrigin(env), remote, id, build);
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
 * The document with each release deployed here (its stable one, a canary) pinned by the digests
 * it registered: an operator who points a slice at an older release's address by hand gets
 * that release's pins with it. A release from elsewhere keeps the pins the document has.
 */
export function withRegisteredDigests(
  document: ReleasesDocument,
  env: Env = process.env,
): ReleasesDocument {
  const store = deployedStore(env);
  const pinned = <T extends { manifestUrl: string }>(remote: RemoteApp, release: T): T => {
    const id = deployedReleaseId(remote, release.manifestUrl, env);
    return id ? { ...release, integrity: store.registeredPins(remote, id) } : release;
  };
  return {
    remotes: document.remotes.map((entry) => {
      const remote = REMOTE_APPS.find((app) => app.name === entry.name);
      if (!remote) return entry;
      const stable = pinned(remote, entry);
      return entry.canary ? { ...stable, canary: pinned(remote, entry.canary) } : stable;
    }),
  };
}

/**
 * The deployment's releases document, each release deployed here pinned by the digests it
 * registered (an address edited by hand gets its release's): written back when that changed
 * it, so the page servers read the same within a second. What the deployment's pages are
 * rendered from at each step of a rollout, and by nginx's own commands.
 */
export function pinnedDocument(env: Env = process.env): ReleasesDocument {
  const store = deployedStore(env);
  const read = store.readDocument();
  const releases = withRegisteredDigests(read, env);
  if (formatReleasesDocument(releases) !== formatReleasesDocument(read)) {
    store.writeDocument(releases);
  }
  return releases;
}
