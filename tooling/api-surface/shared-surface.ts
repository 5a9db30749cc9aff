import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  inProductionCommit,
  readerFilesNow,
  reads,
  remoteFilesAt,
} from '../strings/shared-words.ts';
import { readBy } from './deprecated-exports.ts';
import { ensureHistory, git } from './history.ts';
import { parseReport, renderReport } from './report.ts';
import {
  compareSurfaces,
  type FirstReport,
  firstOfEachVersion,
  judgeVersion,
  kindOf,
  type Retirable,
  type VersionVerdict,
} from './semver.ts';
import { readSurface, type Surface } from './surface.ts';

/*
 * shared's public surface, checked: the report in the repository is the code's surface, and
 * shared's version follows the change since the versions on record, each as first recorded
 * (decision 019).
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

/** Each version of shared on record, oldest first, with its report as first recorded. */
export function firstReports(): FirstReport[] {
  ensureHistory(REPO_ROOT, `comparing with the reports of ${REPORT_FILE} on record`);
  const commits = git(REPO_ROOT, 'log', '--reverse', '--format=%H', '--', REPORT_FILE)
    .split('\n')
    .filter(Boolean);
  return firstOfEachVersion(
    commits.map((commit) => ({
      commit,
      surface: parseReport(git(REPO_ROOT, 'show', `${commit}:${REPORT_FILE}`)),
    })),
  );
}

/**
 * Whether the checked-in report's version follows what changed since the versions on record it
 * answers to (semver.ts `baselines`): a change under a version already recorded fails.
 */
export function checkSharedVersion(
  report = parseReport(readCheckedInReport()),
  firsts = firstReports(),
): VersionVerdict {
  return judgeVersion(firsts, report, unreadByAnyRelease());
}

/**
 * What may go without a break when nothing reads it, not today's apps nor the release in
 * production (its remotes, at the pinned commit): words of `shared/strings/ka`, and whole
 * exports (a deprecated export's second step, deprecated-exports). Unknown production (a clone
 * without that commit) retires nothing. Read once per check: each read is many git calls.
 */
function unreadByAnyRelease(): Retirable {
  let readers: { production: string[] | null; now: string[] } | undefined;
  return (module, name, removed) => {
    readers ??= {
      production: remoteFilesAt(inProductionCommit()),
      now: Object.values(readerFilesNow()).flat(),
    };
    const { production, now } = readers;
    if (production === null) return false;
    if (removed.length === 0) {
      return !readBy(production, { module, name }) && !readBy(now, { module, name });
    }
    if (module !== 'shared/strings/ka' || name !== 'ka') return false;
    const productionCode = production.join('\n');
    return removed.every(
      (key) => !reads(productionCode, key) && now.every((code) => !reads(code, key)),
    );
  };
}

/** `pnpm api:report`: write the report, say what it changed, and whether the version follows. */
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const before = parseReport(readCheckedInReportOrEmpty());
  const file = writeSharedReport();
  const after = parseReport(readCheckedInReport());
  const change = compareSurfaces(before, after, unreadByAnyRelease());
  console.info(`wrote ${path.relative(REPO_ROOT, file)} (shared ${after.version})`);
  for (const [what, names] of Object.entries(change)) {
    for (const name of names as string[]) console.info(`  ${what}: ${name}`);
  }
  const verdict = versionOrExit(after);
  for (const { version, commit, change: since } of verdict.comparisons) {
    const counts = Object.entries(since).map(([what, names]) => `${names.length} ${what}`);
    console.info(
      `since ${version} as first recorded (${commit.slice(0, 7)}): ${kindOf(since)} (${counts.join(', ')})`,
    );
  }
  if (verdict.problem) {
    console.error(
      `shared's ${verdict.problem}. Set shared/package.json's version to ${verdict.needed} and run pnpm api:report again.`,
    );
    process.exitCode = 1;
  }
}

/** The verdict, or the reason there is none (no history to compare with) and a failed exit. */
function versionOrExit(report: Surface): VersionVerdict {
  try {
    return checkSharedVersion(report);
  } catch (error) {
    console.error(`shared's version: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

function readCheckedInReportOrEmpty(): string {
  try {
    return readCheckedInReport();
  } catch {
    return '# shared 0.0.0: public surface\n';
  }
}
