import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

/*
 * The apps' production builds, kept by what they are built from (decision 039): a pipeline that
 * needs another app's build takes it from here when nothing it is built from changed, so a
 * slice's pipeline builds its own slice and no other, and `pnpm test` builds each app once for
 * every pass. The key is the content of the app's workspace packages and of the root's build
 * files as they are in the working tree (committed or not), not a commit: an edit is a new key.
 */

export const BUILT_APPS = [
  'host',
  'page-server',
  'remote-home',
  'remote-account',
  'remote-loans',
] as const;
export type BuiltApp = (typeof BUILT_APPS)[number];

/** The folders an app's `build` writes. */
export const OUTPUTS_OF: Record<BuiltApp, readonly string[]> = {
  host: ['dist', 'dist-server'],
  'page-server': ['dist'],
  'remote-home': ['dist', 'dist-server'],
  'remote-account': ['dist', 'dist-server'],
  'remote-loans': ['dist', 'dist-server'],
};

/** The root's files every build reads. */
const ROOT_INPUTS = [
  'package.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'tsconfig.base.json',
  'patches',
];

/** Where builds are kept: a CI cache keeps this folder between runs. */
export function buildCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LENDER_BUILD_CACHE) return env.LENDER_BUILD_CACHE;
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'lender-web', 'builds');
}

/** The workspace packages an app is built from: itself and what it depends on, transitively. */
export function workspaceClosure(root: string, app: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const file = path.join(root, name, 'package.json');
    if (seen.has(name) || !existsSync(file)) return;
    seen.add(name);
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    for (const [dependency, range] of Object.entries({
      ...manifest.dependencies,
      ...manifest.devDependencies,
    })) {
      if (range.startsWith('workspace:')) visit(dependency);
    }
  };
  visit(app);
  return [...seen].sort();
}

/** The working tree as git would commit it now (ignored files aside): a tree object's id. */
export function workingTree(root: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'lender-tree-'));
  const env = { ...process.env, GIT_INDEX_FILE: path.join(folder, 'index') };
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, env, encoding: 'utf8' }).trim();
  try {
    git('read-tree', 'HEAD');
    git('add', '--all', '.');
    return git('write-tree');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A commit's tree id (the sources of a build at that commit). */
export function treeOf(root: string, ref: string): string {
  return execFileSync('git', ['rev-parse', '--verify', `${ref}^{tree}`], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
}

/**
 * Where `commit` is checked out beside the cache: `trees` for an app built as it is there,
 * `releases` for the release in production (e2e/scripts/version-skew.ts). Outside the
 * repository: its tools walk the tree, and the files there are not today's.
 */
export const checkoutFolderOf = (commit: string, under: 'trees' | 'releases' = 'trees') =>
  path.join(buildCacheRoot(), '..', under, commit.slice(0, 12));

/**
 * A checkout of `commit` beside the cache, installed, for building an app as it is there: kept,
 * so a commit is checked out once.
 */
export function checkoutOf(
  root: string,
  commit: string,
  under: 'trees' | 'releases' = 'trees',
): string {
  const tree = checkoutFolderOf(commit, under);
  if (!existsSync(path.join(tree, 'package.json'))) {
    execFileSync('git', ['worktree', 'prune'], { cwd: root });
    execFileSync('git', ['worktree', 'add', '--detach', '--force', tree, commit], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  execFileSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], {
    cwd: tree,
    stdio: 'inherit',
  });
  return tree;
}

/** The key of an app's build: the ids of the trees and files it is built from, and the Node. */
export function buildKey(root: string, app: BuiltApp, tree: string): string {
  const ids = [...workspaceClosure(root, app), ...ROOT_INPUTS].map((entry) => {
    const id = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${tree}:${entry}`], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return `${entry} ${id}`;
  });
  ids.push(`node ${process.version}`);
  return createHash('sha256').update(ids.join('\n')).digest('hex').slice(0, 20);
}

const cached = (app: BuiltApp, key: string) => path.join(buildCacheRoot(), app, key);

/** Puts an app's kept build in its folders; false when none is kept under the key. */
export function restoreBuild(root: string, app: BuiltApp, key: string): boolean {
  const from = cached(app, key);
  if (!existsSync(path.join(from, '.complete'))) return false;
  for (const output of OUTPUTS_OF[app]) {
    const to = path.join(root, app, output);
    rmSync(to, { recursive: true, force: true });
    cpSync(path.join(from, output), to, { recursive: true, verbatimSymlinks: true });
  }
  return true;
}

/** Keeps an app's build, whole or not at all (a folder renamed into place). */
export function keepBuild(root: string, app: BuiltApp, key: string): void {
  const to = cached(app, key);
  if (existsSync(path.join(to, '.complete'))) return;
  const staging = `${to}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  for (const output of OUTPUTS_OF[app]) {
    cpSync(path.join(root, app, output), path.join(staging, output), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  writeFileSync(path.join(staging, '.complete'), `${key}\n`);
  mkdirSync(path.dirname(to), { recursive: true });
  rmSync(to, { recursive: true, force: true });
  renameSync(staging, to);
}
