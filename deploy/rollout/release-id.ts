import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isPublished } from 'release-contract/build-output';

/** The files a build publishes (no source maps), relative to it, sorted. */
export function filesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .filter(isPublished)
    .sort();
}

/**
 * A release's id: the first 12 hex digits of the hash of every file it publishes. The same
 * build is the same release, and a new build never overwrites an old one.
 */
export function releaseId(build: string): string {
  const hash = createHash('sha256');
  for (const file of filesOf(build))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(build, file)));
  return hash.digest('hex').slice(0, 12);
}
