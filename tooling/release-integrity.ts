import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INTEGRITY } from './remotes.ts';

/*
 * What a release of a remote is, by its bytes (issue 28, decision 025): the SHA-384 of its
 * browser entry and of its server bundle, written as Subresource Integrity values. The build
 * writes them into its federation manifest; a rollout records them in the host's runtime
 * configuration; the browser (`integrity`) and the host's server (before evaluating) check them.
 */

export function integrityOf(bytes: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The pinned digests of one release: its browser entry, and its server bundle when it has one. */
export interface ReleasePins {
  entry: string;
  server?: string;
}

interface EntryInManifest {
  name: string;
  path: string;
  integrity?: string;
}

interface ManifestMetaData {
  remoteEntry: EntryInManifest;
  ssrRemoteEntry?: EntryInManifest;
}

/** The digest of one of the manifest's entries, from its file; a recorded one must agree. */
function pinOf(folder: string, entry: EntryInManifest): string {
  const file = path.join(folder, entry.path, entry.name);
  const pin = integrityOf(readFileSync(file));
  if (entry.integrity !== undefined && entry.integrity !== pin) {
    throw new Error(`${file} is not the file its build recorded (${entry.integrity})`);
  }
  return pin;
}

/**
 * The pins of the release in a build folder, from the files themselves: what a rollout
 * registers. A file that differs from the digest its build recorded stops the rollout.
 */
export function pinsOfBuild(folder: string): ReleasePins {
  const manifestFile = path.join(folder, 'mf-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${folder} has no mf-manifest.json`);
  const { metaData } = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    metaData: ManifestMetaData;
  };
  return {
    entry: pinOf(folder, metaData.remoteEntry),
    ...(metaData.ssrRemoteEntry ? { server: pinOf(folder, metaData.ssrRemoteEntry) } : {}),
  };
}

/** REMOTE_*_INTEGRITY: the entry's digest, then the server bundle's, space-separated. */
export function parsePins(value: string, variable: string): ReleasePins {
  const [entry, server, ...rest] = value.trim().split(/\s+/);
  const valid = (pin: string | undefined) => pin !== undefined && INTEGRITY.test(pin);
  if (!valid(entry) || (server !== undefined && !valid(server)) || rest.length > 0 || !entry) {
    throw new Error(`${variable} must be "sha384-<entry> sha384-<server bundle>", got "${value}"`);
  }
  return { entry, ...(server ? { server } : {}) };
}

export const formatPins = (pins: ReleasePins) =>
  pins.server ? `${pins.entry} ${pins.server}` : pins.entry;
