import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INTEGRITY, SCRIPT_ENTRY_TYPES } from './remotes.ts';

/*
 * What a release of a remote is, by its bytes (issue 28, decision 025; issue 45): the SHA-384
 * of its federation manifest, of its browser entry and of its server bundle, written as
 * Subresource Integrity values. The build writes the two entries' into its manifest; a rollout
 * records all three in the host's runtime configuration; the browser (`integrity`) and the
 * host's server (before reading or evaluating) check them. The manifest is pinned because it
 * decides where the entry is and how it loads (a `module` entry is `import()`ed, past any
 * script's `integrity`), not only which bytes the entry has.
 */

export function integrityOf(bytes: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * The pinned digests of one release: its browser entry, its server bundle when it has one, and
 * its manifest (every rollout records it; a configuration written before issue 45 lacks it).
 */
export interface ReleasePins {
  entry: string;
  server?: string;
  manifest?: string;
}

interface EntryInManifest {
  name: string;
  path: string;
  type?: string;
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
 * registers. A file that differs from the digest its build recorded stops the rollout, and so
 * does an entry the browser would not load through a pinned `<script>`.
 */
export function pinsOfBuild(folder: string): ReleasePins {
  const manifestFile = path.join(folder, 'mf-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${folder} has no mf-manifest.json`);
  const manifest = readFileSync(manifestFile);
  const { metaData } = JSON.parse(manifest.toString('utf8')) as { metaData: ManifestMetaData };
  const type = metaData.remoteEntry.type ?? 'global';
  if (!SCRIPT_ENTRY_TYPES.includes(type)) {
    throw new Error(`${manifestFile}: a "${type}" entry cannot be pinned in the browser`);
  }
  return {
    entry: pinOf(folder, metaData.remoteEntry),
    ...(metaData.ssrRemoteEntry ? { server: pinOf(folder, metaData.ssrRemoteEntry) } : {}),
    manifest: integrityOf(manifest),
  };
}

/** In REMOTE_*_INTEGRITY, the server bundle's place for a release that has none. */
const NO_SERVER_BUNDLE = '-';
const PINS_FORMAT = '"sha384-<entry> sha384-<server bundle> sha384-<manifest>"';

/**
 * REMOTE_*_INTEGRITY: the entry's digest, then the server bundle's (`-` for none), then the
 * manifest's, space-separated. An older line of one or two keeps its meaning.
 */
export function parsePins(value: string, variable: string): ReleasePins {
  const [entry, server, manifest, ...rest] = value.trim().split(/\s+/);
  const valid = (pin: string | undefined) => pin === undefined || INTEGRITY.test(pin);
  const noServer = server === NO_SERVER_BUNDLE && manifest !== undefined;
  if (!entry || !valid(entry) || !(noServer || valid(server)) || !valid(manifest) || rest.length) {
    throw new Error(`${variable} must be ${PINS_FORMAT}, got "${value}"`);
  }
  return {
    entry,
    ...(server && !noServer ? { server } : {}),
    ...(manifest ? { manifest } : {}),
  };
}

export const formatPins = (pins: ReleasePins) =>
  [pins.entry, pins.server ?? (pins.manifest ? NO_SERVER_BUNDLE : undefined), pins.manifest]
    .filter((pin) => pin !== undefined)
    .join(' ');
