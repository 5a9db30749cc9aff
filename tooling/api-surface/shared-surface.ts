import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inProductionCommit, readersNow, reads, remotesAt } from '../strings/shared-words.ts';
import { parseReport, renderReport } from './report.ts';
import {
  compareSurfaces,
  kindOf,
  type Retirable,
  type SurfaceChange,
  versionProblem,
} from './semver.ts';
import { readSurface, type Surface } from './surface.ts';

/*
 * shared's public surface, checked: the report in the repository is the code's surface, and
 * shared's version follows the change since the previous version on record (decision 019).
 * `pnpm api:report` writes the report; the tests in shared-surface.test.ts check both.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED_ROOT = path.join(REPO_ROOT, 'shared');
export const REPORT_FILE = 'shared/api-report.md';

export const currentSharedSurface = (): Surface => readSurface(SHARED_ROOT);

export const renderSharedReport = (surface: Surface) => renderReport('shared', surface);

export const readCheckedInReport = () => readFileSync(path.join(REPO_ROOT, REPORT_FILE), 'utf8');

export function writeSharedReport(): string {
  const file = path.join(REPO_ROOT, REPORT_FILE);
  writeFileSync(file, renderSharedReport(currentSharedSurface()));
  return file;
}

const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/**
 * The newest report in the history whose version is not `version`: the previous version on
 * record. Null when there is none (the first report, or a clone without its history).
 */
export function previousVersionReport(
  version: string,
): { commit: string; surface: Surface } | null {
  let commits: string[];
  try {
    commits = git('log', '--format=%H', '--', REPORT_FILE).split('\n').filter(Boolean);
  } catch {
    return null;
  }
  for (const commit of commits) {
    const surface = parseReport(git('show', `${commit}:${REPORT_FILE}`));
    if (surface.version !== version) return { commit, surface };
  }
  return null;
}

export interface VersionVerdict {
  previous: { commit: string; version: string } | null;
  change: SurfaceChange | null;
  problem: string | null;
}

/** Whether the checked-in report's version follows its change from the previous version. */
export function checkSharedVersion(report = parseReport(readCheckedInReport())): VersionVerdict {
  const previous = previousVersionReport(report.version);
  if (!previous) return { previous: null, change: null, problem: null };
  const change = compareSurfaces(previous.surface, report, unreadWords);
  return {
    previous: { commit: previous.commit, version: previous.surface.version },
    change,
    problem: versionProblem(previous.surface.version, report.version, kindOf(change)),
  };
}

/**
 * Words of `shared/strings/ka` may go without a break when nothing reads them: not today's apps,
 * nor the release in production (its remotes, at the pinned commit). Unknown production (a clone
 * without that commit) retires nothing.
 */
const unreadWords: Retirable = (module, name, removed) => {
  if (module !== 'shared/strings/ka' || name !== 'ka') return false;
  const production = remotesAt(inProductionCommit());
  if (production === null) return false;
  const now = readersNow();
  return removed.every(
    (key) => !reads(production, key) && Object.values(now).every((code) => !reads(code, key)),
  );
};

/** `pnpm api:report`: write the report and say what it changed against the version before. */
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const before = parseReport(readCheckedInReportOrEmpty());
  const file = writeSharedReport();
  const after = parseReport(readCheckedInReport());
  const change = compareSurfaces(before, after, unreadWords);
  console.info(`wrote ${path.relative(REPO_ROOT, file)} (shared ${after.version})`);
  for (const [what, names] of Object.entries(change)) {
    for (const name of names as string[]) console.info(`  ${what}: ${name}`);
  }
  const verdict = checkSharedVersion(after);
  if (verdict.problem) {
    console.error(`shared's version: ${verdict.problem} (since ${verdict.previous?.commit})`);
    process.exitCode = 1;
  }
}

function readCheckedInReportOrEmpty(): string {
  try {
    return readCheckedInReport();
  } catch {
    return '# shared 0.0.0: public surface\n';
  }
}
