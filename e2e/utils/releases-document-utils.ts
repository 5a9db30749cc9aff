import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReleasedRemote, ReleasesDocument } from 'release-contract/releases-document';
import type { RemoteName } from 'release-contract/remotes';
import { REPO_ROOT } from './redeploy-utils';

/*
 * nginx's deployment's releases document (`.nginx/releases.json`, issue 48): each slice's
 * release and canary, the rollout's working copy, as an operator edits it. `render` completes
 * it with each release's registered digests and publishes it signed, which is when the page
 * servers take it up (decision 040).
 */

export const RELEASES_FILE = path.join(REPO_ROOT, '.nginx/releases.json');

export const readReleases = (): ReleasesDocument =>
  JSON.parse(readFileSync(RELEASES_FILE, 'utf8')) as ReleasesDocument;

/** Written whole, as the rollout writes it; `render` then publishes it. */
export function writeReleases(document: ReleasesDocument): void {
  writeFileSync(`${RELEASES_FILE}.e2e`, `${JSON.stringify(document, null, 2)}\n`);
  renameSync(`${RELEASES_FILE}.e2e`, RELEASES_FILE);
}

export const releaseOf = (document: ReleasesDocument, slice: RemoteName) => {
  const entry = document.remotes.find((remote) => remote.name === slice);
  if (!entry) throw new Error(`${RELEASES_FILE} has no release of ${slice}`);
  return entry;
};

/** The document with one slice's entry changed. */
export const withRelease = (
  document: ReleasesDocument,
  slice: RemoteName,
  change: (entry: ReleasedRemote) => ReleasedRemote,
): ReleasesDocument => ({
  remotes: document.remotes.map((entry) => (entry.name === slice ? change(entry) : entry)),
});
