import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchCommit } from '../api-surface/history.ts';

/*
 * Who reads each word of shared/strings/ka. shared holds only what two apps use (decision 010):
 * a word one app alone reads is that app's. The exception is a slice's word still read from
 * shared by the release in production (decision 019), which must stay until that release is
 * replaced, and may go after.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The places that read `ka`: each app's browser and server code, deploy, and shared's own. */
export const READERS = {
  host: ['host/src'],
  'page-server': ['page-server/src'],
  'remote-home': ['remote-home/src'],
  'remote-account': ['remote-account/src'],
  'remote-loans': ['remote-loans/src'],
  // nginx's configuration, written by deploy, answers with the host's words.
  deploy: ['deploy/nginx'],
  shared: ['shared/src'],
} as const;
export type Reader = keyof typeof READERS;

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** Every key of a nested table of words, as a dotted path. */
export function keyPaths(table: object, prefix = ''): string[] {
  return Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keyPaths(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/**
 * Whether `source` reads `key` of `ka`: the key itself (`ka.loans.title`), or a group that
 * holds it and is read whole or by index (`ka.loans.status[status]`).
 */
export function reads(source: string, key: string): boolean {
  const parts = key.split('.');
  return parts.some((_, index) => {
    const prefix = parts.slice(0, index + 1).join('\\.');
    const whole = index === parts.length - 1;
    return new RegExp(`(?<![\\w.])ka\\.${prefix}(?![\\w${whole ? '' : '.'}])`).test(source);
  });
}

const isCode = (file: string) =>
  /\.tsx?$/.test(file) && !/\.test\.tsx?$|\/testing\/|shared\/src\/strings\/ka\.ts$/.test(file);

/**
 * The files of each reader as they are in the working tree: its tracked files and the new ones
 * git does not ignore, less those deleted and not yet staged (a change in progress is read as is).
 */
export function readerFilesNow(): Record<Reader, string[]> {
  const code = {} as Record<Reader, string[]>;
  for (const [reader, folders] of Object.entries(READERS) as [Reader, readonly string[]][]) {
    code[reader] = pathsNow(folders).map((file) =>
      readFileSync(path.join(REPO_ROOT, file), 'utf8'),
    );
  }
  return code;
}

/** The code files under these folders in the working tree (readerFilesNow's rule). */
const pathsNow = (folders: readonly string[], keep: (file: string) => boolean = isCode) =>
  git('ls-files', '--cached', '--others', '--exclude-standard', '--', ...folders)
    .split('\n')
    .filter((file) => keep(file) && existsSync(path.join(REPO_ROOT, file)));

/** Every reader's files in the working tree, shared's words included, outside tests. */
export const readerPathsNow = (): string[] =>
  pathsNow(
    Object.values(READERS).flat(),
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\/testing\//.test(file),
  );

/** The code of each reader as it is in the working tree (readerFilesNow), one text each. */
export function readersNow(): Record<Reader, string> {
  const files = readerFilesNow();
  return Object.fromEntries(
    Object.entries(files).map(([reader, sources]) => [reader, sources.join('\n')]),
  ) as Record<Reader, string>;
}

/** The remotes' files at `commit`, or null when the clone does not have it. */
export function remoteFilesAt(commit: string): string[] | null {
  try {
    const files = git(
      'ls-tree',
      '-r',
      '--name-only',
      commit,
      '--',
      'remote-home/src',
      'remote-account/src',
      'remote-loans/src',
    )
      .split('\n')
      .filter(isCode);
    return files.map((file) => git('show', `${commit}:${file}`));
  } catch {
    return null;
  }
}

/** The remotes' code at `commit`, one text, or null when the clone does not have it. */
export function remotesAt(commit: string): string | null {
  return remoteFilesAt(commit)?.join('\n') ?? null;
}

/**
 * The remotes' files in the release in production (deploy/in-production.json), fetched when
 * the clone lacks its commit: without them everything would count as kept for production.
 * `what` says what needs them.
 */
export function productionRemoteFiles(what: string): string[] {
  const commit = inProductionCommit();
  const files = remoteFilesAt(commit);
  if (files !== null) return files;
  fetchCommit(REPO_ROOT, commit, what);
  const fetched = remoteFilesAt(commit);
  if (fetched === null) throw new Error(`${what}: ${commit} was fetched but cannot be read`);
  return fetched;
}

/** The remotes' code in the release in production, one text (productionRemoteFiles). */
export const productionRemotes = (): string =>
  productionRemoteFiles("judging shared's words against the release in production").join('\n');

export const inProductionCommit = (): string =>
  (
    JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy/in-production.json'), 'utf8')) as {
      commit: string;
    }
  ).commit;

export interface WordsVerdict {
  /** Read by one app only and not kept for production: that app's, to move there. */
  oneApp: string[];
  /** Read by nothing now, nor by the release in production: to delete. */
  unread: string[];
  /** Read by nothing now but by the release in production: kept until it is replaced. */
  keptForProduction: string[];
}

export function judgeWords(
  keys: string[],
  now: Record<string, string>,
  production: string | null,
): WordsVerdict {
  const verdict: WordsVerdict = { oneApp: [], unread: [], keptForProduction: [] };
  for (const key of keys) {
    const readers = Object.entries(now)
      .filter(([, code]) => reads(code, key))
      .map(([r]) => r);
    const kept = production === null || reads(production, key);
    if (readers.length === 0) (kept ? verdict.keptForProduction : verdict.unread).push(key);
    else if (readers.length === 1 && readers[0] !== 'shared' && !kept)
      verdict.oneApp.push(`${key} (${readers[0]})`);
  }
  return verdict;
}
