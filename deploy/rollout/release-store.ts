import path from 'node:path';
import type { RemoteApp } from 'release-contract/apps';
import type { ReleasePins } from 'release-contract/release-integrity';
import {
  formatReleasesDocument,
  parseReleasesDocument,
  type ReleasesDocument,
} from 'release-contract/releases-document';
import { releasePinsSchema } from 'release-contract/runtime-config';
import type { RolloutFiles } from './rollout-files';

/*
 * What a deployment records of its releases, as files (decisions 016, 019, 025, 029):
 *
 *   releases        which release of each remote the page servers use, a canary under way,
 *                   and their digests: the releases document (`.nginx/releases.json`, issue 48)
 *   registry/       each release's digests as `release` registered them, and its commit;
 *                   each slice's history of stable releases; the skew test's passes
 *   in production   the commit customers have and each slice's release (deploy/in-production.json)
 */

export type Env = Record<string, string | undefined>;

export interface StorePaths {
  /** The releases document (`releases.json`): the rollout's own copy, where it is published from. */
  document: string;
  /** The registry folder: never served. */
  registry: string;
  /** The production pin the skew test meets. */
  inProduction: string;
}

/** One change of a slice's stable release. */
export interface RolloutRecord {
  release: string;
  /** The stable release it replaced (undefined for the first). */
  replaced?: string;
  /** The commit the release was built from. */
  commit?: string;
  at: string;
  how: 'promoted' | 'rolled back' | 'set';
  why?: string;
}

interface InProduction {
  $comment?: string;
  commit: string;
  releases?: Record<string, Omit<RolloutRecord, 'how' | 'why'>>;
}

interface SkewPass {
  remote: string;
  release: string;
  at: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export type ReleaseStore = ReturnType<typeof releaseStore>;

export function releaseStore(files: RolloutFiles, paths: StorePaths) {
  const readJson = <T>(file: string, fallback: T): T => {
    const text = files.read(file);
    return text === undefined ? fallback : (JSON.parse(text) as T);
  };
  const registryFile = (remote: RemoteApp, id: string) =>
    path.join(paths.registry, remote.folder, `${id}.json`);
  const commitFile = (remote: RemoteApp, id: string) =>
    path.join(paths.registry, remote.folder, `${id}.commit`);
  const historyFile = (remote: RemoteApp) =>
    path.join(paths.registry, remote.folder, 'history.json');
  const skewPassesFile = path.join(paths.registry, 'skew-passes.json');

  /** A release's record, checked as the runtime configuration checks pins. */
  const recordOf = (remote: RemoteApp, id: string): ReleasePins | undefined => {
    const text = files.read(registryFile(remote, id));
    return text === undefined ? undefined : releasePinsSchema.parse(JSON.parse(text));
  };

  const skewPasses = () => readJson<SkewPass[]>(skewPassesFile, []);
  const skewPassed = (remote: RemoteApp, release: string): boolean =>
    skewPasses().some((pass) => pass.remote === remote.folder && pass.release === release);

  return {
    readDocument(): ReleasesDocument {
      const text = files.read(paths.document);
      if (text === undefined) {
        throw new Error(`${paths.document} does not exist: run "pnpm start:nginx" first`);
      }
      return parseReleasesDocument(text, false);
    },

    /** Writes the document whole, into place at once: page servers read it as it changes. */
    writeDocument(document: ReleasesDocument): void {
      files.write(`${paths.document}.tmp`, formatReleasesDocument(document));
      files.rename(`${paths.document}.tmp`, paths.document);
    },

    /**
     * Registers a release's pins from its build (`build` names it in errors). A release
     * registered before manifests were pinned (issue 45) gains its manifest's pin from the same
     * build; a record that is there otherwise is never changed.
     */
    register(remote: RemoteApp, id: string, pins: ReleasePins, build: string): void {
      const recorded = recordOf(remote, id);
      if (recorded?.manifest) return;
      if (recorded && (recorded.entry !== pins.entry || recorded.server !== pins.server)) {
        throw new Error(`${build} is not the build ${remote.folder} release ${id} registered`);
      }
      files.write(registryFile(remote, id), json(pins));
    },

    isRegistered: (remote: RemoteApp, id: string): boolean =>
      files.read(registryFile(remote, id)) !== undefined,

    /**
     * A release's pins as `release` registered them; a damaged record stops the render, and so
     * does one without its manifest's pin (registered before issue 45: `release` it again).
     */
    registeredPins(remote: RemoteApp, id: string): ReleasePins {
      const pins = recordOf(remote, id);
      if (!pins) {
        throw new Error(`${remote.folder} release ${id} was never deployed here: run "release"`);
      }
      if (!pins.manifest) {
        throw new Error(
          `${remote.folder} release ${id} was registered without its manifest's digest: run "release ${remote.folder} <its build>" again`,
        );
      }
      return pins;
    },

    /** Where a release came from; the first commit recorded for it stays. */
    recordCommit(remote: RemoteApp, id: string, commit: string): void {
      const file = commitFile(remote, id);
      if (files.read(file) === undefined && /^[0-9a-f]{40}$/.test(commit)) {
        files.write(file, `${commit}\n`);
      }
    },

    commitOf: (remote: RemoteApp, id: string): string | undefined =>
      files.read(commitFile(remote, id))?.trim(),

    history: (remote: RemoteApp): RolloutRecord[] => readJson(historyFile(remote), []),

    appendHistory(remote: RemoteApp, record: RolloutRecord): void {
      const file = historyFile(remote);
      files.write(file, json([...readJson<RolloutRecord[]>(file, []), record]));
    },

    /**
     * Moves the production pin to a new stable release (decision 019): the commit it was built
     * from, when known, and the slice's release with what it replaced.
     */
    movePin(remote: RemoteApp, record: RolloutRecord): void {
      const file = paths.inProduction;
      const pin = readJson<InProduction>(file, { commit: record.commit ?? '' });
      const { how: _how, why: _why, ...release } = record;
      const next: InProduction = {
        ...pin,
        ...(record.commit ? { commit: record.commit } : {}),
        releases: { ...pin.releases, [remote.name]: release },
      };
      files.write(`${file}.tmp`, json(next));
      files.rename(`${file}.tmp`, file);
    },

    skewPassed,

    recordSkewPass(remote: RemoteApp, release: string, at: Date): void {
      if (skewPassed(remote, release)) return;
      files.write(
        skewPassesFile,
        json([...skewPasses(), { remote: remote.folder, release, at: at.toISOString() }]),
      );
    },
  };
}
