import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recordSkewPass } from 'deploy/deployed-store';
import { releaseId } from 'deploy/release-id';
import {
  localRolloutFile,
  registerLocalBuilds,
  rollOutLocally,
} from 'page-server/releases/local-rollout';
import { buildRuntimeConfig } from 'release-contract/config-from-env';
import { PAGE_SERVER_NODE_FLAGS, REMOTE_APPS } from 'tooling/apps';
import { REPO_ROOT } from '../utils/redeploy-utils';
import { E2E_SANDBOX_ENV } from '../utils/sandbox-env';

/*
 * `pnpm test:skew`: each slice's release against the host it will meet (decision 019). The
 * release in production (deploy/in-production.json, or SKEW_BASE) is built in a worktree (kept in the system's temporary folder); then
 * the smoke tests (tag @smoke) run twice: today's host with the production remotes (the host
 * deployed first), and the production host with today's remotes (a slice deployed alone).
 * A change that breaks either shows up here, not in production. Today's builds must exist
 * (`pnpm test` builds them first; `pnpm build` otherwise).
 */

interface InProduction {
  commit: string;
}

const sh = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: 'inherit' });

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

function productionCommit(): string | null {
  const pinned = (
    JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'deploy/in-production.json'), 'utf8'),
    ) as InProduction
  ).commit;
  const wanted = process.env.SKEW_BASE || pinned;
  try {
    return git('rev-parse', '--verify', '--quiet', `${wanted}^{commit}`);
  } catch {
    return null;
  }
}

/**
 * Where a tree's page server is built: page-server/dist since issue 47, host/dist-server in a
 * release from before it (the skew test serves releases of both).
 */
function pageServerOf(tree: string): { folder: string; script: string } {
  const folder = path.join(tree, 'page-server');
  if (existsSync(folder))
    return { folder, script: path.join(folder, 'dist/serve-page-server.mjs') };
  return {
    folder: path.join(tree, 'host'),
    script: path.join(tree, 'host/dist-server/serve-host.mjs'),
  };
}

/** The release's tree, installed and built once per commit (kept in .e2e-tmp between runs). */
function buildRelease(commit: string): string {
  // Outside the repository: its tools walk the tree, and the release's files are not today's.
  const tree = path.join(tmpdir(), 'lender-web-skew', commit.slice(0, 12));
  const built =
    existsSync(pageServerOf(tree).script) &&
    REMOTE_APPS.every((app) => existsSync(path.join(tree, app.folder, 'dist-server')));
  if (built) return tree;
  if (!existsSync(tree)) {
    execFileSync('git', ['worktree', 'prune'], { cwd: REPO_ROOT });
    sh('git', ['worktree', 'add', '--detach', '--force', tree, commit], REPO_ROOT);
  }
  console.info(`\n== building the release in production (${commit.slice(0, 12)}) in ${tree}`);
  sh('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], tree);
  sh('pnpm', ['build'], tree);
  return tree;
}

/** The runtime configuration file a host before issue 48 reads: the same registered builds. */
function legacyRuntimeConfig(env: Record<string, string | undefined>, remotesTree: string) {
  const file = path.join(remotesTree, '.local-rollout', 'runtime-config.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(buildRuntimeConfig(env, registerLocalBuilds(env, remotesTree)), null, 2),
  );
  return file;
}

/** The servers of `pnpm serve`, each app's from the tree given for it. */
function serve(hostTree: string, remotesTree: string): ChildProcess[] {
  const base = { ...process.env, ...E2E_SANDBOX_ENV, PROXY_SECRET: 'version-skew' };
  // The host runs only the releases a rollout registered (decision 025): those it will meet,
  // the remotes' tree's builds, not the ones beside the host.
  rollOutLocally(base, remotesTree);
  const env = {
    ...base,
    RELEASES_SOURCE: localRolloutFile(remotesTree),
    // A host from before issue 48 reads the same releases as a whole runtime configuration
    // (HOST_RUNTIME_CONFIG): written the way it reads them, until the production pin passes it.
    HOST_RUNTIME_CONFIG: legacyRuntimeConfig(base, remotesTree),
  };
  // Each in a process group of its own, so that stopping it stops what it started (tsx).
  const start = (cwd: string, command: string, args: string[]) =>
    spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
  return [
    start(path.join(REPO_ROOT, 'sandbox-api'), 'pnpm', ['start']),
    start(pageServerOf(hostTree).folder, 'node', [
      ...PAGE_SERVER_NODE_FLAGS,
      pageServerOf(hostTree).script,
    ]),
    ...REMOTE_APPS.map((app) =>
      start(path.join(remotesTree, app.folder), 'node', [
        'dist-server/serve-remote.mjs',
        app.folder,
      ]),
    ),
  ];
}

async function stop(servers: ChildProcess[]): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (server.exitCode !== null) return resolve();
          server.once('exit', () => resolve());
          if (server.pid) process.kill(-server.pid, 'SIGTERM');
        }),
    ),
  );
}

function smoke(label: string): boolean {
  console.info(`\n== ${label}`);
  try {
    execFileSync(
      'pnpm',
      ['exec', 'playwright', 'test', '--project', 'desktop', '--grep', '@smoke'],
      { cwd: path.join(REPO_ROOT, 'e2e'), stdio: 'inherit' },
    );
    return true;
  } catch {
    return false;
  }
}

const commit = productionCommit();
if (!commit) {
  // A clone without the history (a shallow one) cannot build the release: say so plainly.
  console.warn(
    'version skew: the release in production is not in this clone (shallow?); nothing checked',
  );
  process.exit(0);
}
const release = buildRelease(commit);
const passes = [
  {
    label: `today's host with the remotes of ${commit.slice(0, 12)}`,
    host: REPO_ROOT,
    remotes: release,
  },
  {
    label: `the host of ${commit.slice(0, 12)} with today's remotes`,
    host: release,
    remotes: REPO_ROOT,
  },
];
const failed: string[] = [];
process.env.E2E_SERVERS_UP = '1';
for (const pass of passes) {
  const servers = serve(pass.host, pass.remotes);
  try {
    if (!smoke(pass.label)) failed.push(pass.label);
  } finally {
    await stop(servers);
  }
}
if (failed.length > 0) {
  console.error(`\nversion skew: the smoke tests failed for ${failed.join('; ')}`);
  process.exit(1);
}
// Today's remotes, as releases, may now start a canary (decision 029).
for (const remote of REMOTE_APPS) {
  const id = releaseId(path.join(REPO_ROOT, remote.folder, 'dist'));
  recordSkewPass(remote, id);
  console.info(`version skew: ${remote.folder} release ${id} recorded as passed`);
}
console.info('\nversion skew: both passes green');
