import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { recordSkewPass } from 'deploy/deployed-store';
import { releaseId } from 'deploy/release-id';
import { PAGE_SERVER_NODE_FLAGS } from 'page-server/inspector-guard';
import {
  localPublicKey,
  localRolloutFile,
  registerLocalBuilds,
  rollOutLocally,
} from 'page-server/releases/local-rollout';
import { HOST_APP, portOf, REMOTE_APPS, type RemoteApp, SANDBOX_APP } from 'release-contract/apps';
import { buildRuntimeConfig } from 'release-contract/config-from-env';
import { listenHost } from 'release-contract/proxies';
import { formatReleasesDocument, type ReleasesDocument } from 'release-contract/releases-document';
import { checkoutFolderOf, checkoutOf } from 'tooling/slices/build-cache';
import { isPipeline, SLICES } from 'tooling/slices/pipelines';
import { untilAnswers, untilFree } from '../utils/answers';
import { REPO_ROOT } from '../utils/redeploy-utils';
import { E2E_SANDBOX_ENV } from '../utils/sandbox-env';
import { firstScreens } from '../utils/server-rendered';
import { HOST_URL } from '../utils/urls';

/*
 * `pnpm test:skew [slice]`: each slice's release against what it will meet (decision 019).
 * The release in production (deploy/in-production.json, or SKEW_BASE) is built once per commit
 * and kept with the build cache (decision 039). With a slice named (its pipeline, `pnpm slice
 * check`), one pass: the production host and the other slices' production releases with
 * today's build of that slice, deployed alone. Without, both directions for every slice:
 * today's host with the production remotes (the host deployed first), and the production host
 * with today's remotes. Each pass runs the smoke tests (tag @smoke) and asks the page server
 * for a visitor's and a customer's first HTML: every first-screen slot must be rendered by the
 * server (utils/server-rendered.ts), or the pass fails. Today's builds must exist
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

/**
 * The Node a tree's page server runs on, as its image carries it: the one its workspace names
 * (root devDependency `node`); for a release from before that, Node 24 when its render workers
 * fetched their releases themselves (no `worker-network.ts`): under Node 26's permission model
 * they would open no socket. Another version is fetched once from the npm registry.
 */
function nodeOf(tree: string): string {
  const workspace = JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
  const fetchesForWorkers = existsSync(path.join(tree, 'page-server/src/render/worker-network.ts'));
  const wanted = workspace.devDependencies?.node ?? (fetchesForWorkers ? undefined : '24');
  if (!wanted || wanted === process.versions.node) return process.execPath;
  const cache = process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache');
  const folder = path.join(cache, 'lender-web', `node-${wanted}`);
  const binary = path.join(folder, 'node_modules/.bin/node');
  if (!existsSync(binary)) {
    console.info(`version skew: fetching Node ${wanted}, which ${tree} runs on`);
    const install = ['install', '--prefix', folder, '--no-save', '--no-audit', '--no-fund'];
    sh('npm', [...install, `node@${wanted}`], tree);
  }
  return binary;
}

/** The release's tree, installed and built once per commit (kept beside the build cache). */
function buildRelease(commit: string): string {
  const folder = checkoutFolderOf(commit, 'releases');
  const built =
    existsSync(pageServerOf(folder).script) &&
    REMOTE_APPS.every((app) => existsSync(path.join(folder, app.folder, 'dist-server')));
  if (built) return folder;
  const tree = checkoutOf(REPO_ROOT, commit, 'releases');
  console.info(`\n== building the release in production (${commit.slice(0, 12)}) in ${tree}`);
  sh('pnpm', ['build'], tree);
  return tree;
}

/**
 * Waits until no server holds the apps' ports: the servers of a pass just before (a slice's e2e
 * stage) may still be stopping, and a pass must never ask another build's servers.
 */
const portsFree = () =>
  untilFree(
    listenHost(),
    [HOST_APP, SANDBOX_APP, ...REMOTE_APPS].map((app) => portOf(app)),
  );

/** Which tree each remote's release comes from. */
type RemoteTrees = Record<RemoteApp['folder'], string>;

/**
 * A folder whose remotes' builds are those of the trees chosen for them (links), for the local
 * rollout to register: the releases the host will run, whatever tree each comes from.
 */
function composition(remotes: RemoteTrees): string {
  const root = path.join(REPO_ROOT, '.e2e-tmp', 'skew-composition');
  rmSync(root, { recursive: true, force: true });
  for (const remote of REMOTE_APPS) {
    mkdirSync(path.join(root, remote.folder), { recursive: true });
    symlinkSync(
      path.join(remotes[remote.folder], remote.folder, 'dist'),
      path.join(root, remote.folder, 'dist'),
    );
  }
  return root;
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

/**
 * Where a host reads the releases document: signed, when it verifies one (decision 040); else
 * the same releases unsigned, as a host from before it reads them.
 */
function releasesSourceFor(hostTree: string, remotesTree: string, releases: ReleasesDocument) {
  if (existsSync(path.join(hostTree, 'release-contract/src/signed-releases.ts'))) {
    return localRolloutFile(remotesTree);
  }
  const file = path.join(remotesTree, '.local-rollout', 'releases.unsigned.json');
  writeFileSync(file, formatReleasesDocument(releases));
  return file;
}

/** Waits until `url` answers 200, or fails naming it. */
const answering = (url: string) => untilAnswers(url, 90_000);

/**
 * The servers of `pnpm serve`, each app's from the tree given for it: the remotes and the
 * sandbox first, the page server once they answer. Started beside them, the page server may
 * ask for the remotes' code before they listen; two remote-home pipeline runs here then found
 * every slot left to the browser for the whole pass.
 */
async function serve(hostTree: string, remotes: RemoteTrees): Promise<ChildProcess[]> {
  const remotesTree = composition(remotes);
  const base = { ...process.env, ...E2E_SANDBOX_ENV, PROXY_SECRET: 'version-skew' };
  // The host runs only the releases a rollout registered (decision 025): those it will meet,
  // the remotes' tree's builds, not the ones beside the host.
  const releases = await rollOutLocally(base, remotesTree);
  const env = {
    ...base,
    RELEASES_SOURCE: releasesSourceFor(hostTree, remotesTree, releases),
    RELEASES_PUBLIC_KEY: localPublicKey(remotesTree),
    // A host from before issue 48 reads the same releases as a whole runtime configuration
    // (HOST_RUNTIME_CONFIG): written the way it reads them, until the production pin passes it.
    HOST_RUNTIME_CONFIG: legacyRuntimeConfig(base, remotesTree),
  };
  // Each in a process group of its own, so that stopping it stops what it started (tsx).
  const start = (cwd: string, command: string, args: string[]) =>
    spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'inherit', 'inherit'] });
  const servers = [
    start(path.join(REPO_ROOT, 'sandbox-api'), 'pnpm', ['start']),
    ...REMOTE_APPS.map((app) =>
      start(path.join(remotes[app.folder], app.folder), 'node', [
        'dist-server/serve-remote.mjs',
        app.folder,
      ]),
    ),
  ];
  try {
    await Promise.all([
      answering(`http://localhost:${portOf(SANDBOX_APP)}/api/cms/slider/`),
      ...REMOTE_APPS.map((app) => answering(`http://localhost:${portOf(app)}/mf-manifest.json`)),
    ]);
    servers.push(
      start(pageServerOf(hostTree).folder, nodeOf(hostTree), [
        ...PAGE_SERVER_NODE_FLAGS,
        pageServerOf(hostTree).script,
      ]),
    );
    await answering(`${HOST_URL}/static`);
  } catch (error) {
    await stop(servers);
    throw error;
  }
  return servers;
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

/** The customer the smoke tests log in as (the sandbox's seed). */
const SEEDED_CUSTOMER = { username: '01001000001', password: 'Sandbox123' };

/** Whether every first-screen slot was rendered by the server in this pass; says which not. */
async function serverRendered(label: string): Promise<boolean> {
  const missing = await firstScreens(HOST_URL, SEEDED_CUSTOMER, Date.now() + 60_000);
  const said = [
    ...missing.visitor.map((slot) => `${slot} (a visitor's page)`),
    ...missing.customer.map((slot) => `${slot} (a customer's page)`),
  ];
  if (said.length > 0)
    console.error(`version skew: ${label}: not rendered by the server: ${said.join(', ')}`);
  else console.info(`version skew: ${label}: every first-screen slot rendered by the server`);
  return said.length === 0;
}

/**
 * `--release-only` builds the release in production and stops: a pipeline builds it beside the
 * browsers' passes (decision 039), and the passes here find it built.
 */
const releaseOnly = process.argv.includes('--release-only');
const slice = process.argv.slice(2).find((arg) => arg !== '--release-only');
if (slice !== undefined && !(isPipeline(slice) && slice !== 'platform')) {
  console.error(`version skew: no slice ${slice}; one of ${SLICES.join(', ')}`);
  process.exit(2);
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
if (releaseOnly) {
  console.info(`version skew: the release in production (${commit.slice(0, 12)}) is in ${release}`);
  process.exit(0);
}
const short = commit.slice(0, 12);
const treesWith = (tree: (folder: RemoteApp['folder']) => string) =>
  Object.fromEntries(REMOTE_APPS.map((app) => [app.folder, tree(app.folder)])) as RemoteTrees;
const passes = slice
  ? [
      {
        label: `${slice} deployed alone: today's ${slice} with the host and the other slices of ${short}`,
        host: release,
        remotes: treesWith((folder) => (folder === slice ? REPO_ROOT : release)),
      },
    ]
  : [
      {
        label: `today's host with the remotes of ${short}`,
        host: REPO_ROOT,
        remotes: treesWith(() => release),
      },
      {
        label: `the host of ${short} with today's remotes`,
        host: release,
        remotes: treesWith(() => REPO_ROOT),
      },
    ];
const failed: string[] = [];
process.env.E2E_SERVERS_UP = '1';
for (const pass of passes) {
  await portsFree();
  const servers = await serve(pass.host, pass.remotes);
  try {
    // Both are asked, so a pass's failure says everything that is wrong with it.
    const smoked = smoke(pass.label);
    const rendered = await serverRendered(pass.label);
    if (!smoked || !rendered) failed.push(pass.label);
  } finally {
    await stop(servers);
  }
}
if (failed.length > 0) {
  console.error(`\nversion skew: failed for ${failed.join('; ')}`);
  process.exit(1);
}
// Today's remotes, as releases, may now start a canary (decision 029).
for (const remote of REMOTE_APPS.filter((app) => !slice || app.folder === slice)) {
  const id = releaseId(path.join(REPO_ROOT, remote.folder, 'dist'));
  recordSkewPass(remote, id);
  console.info(`version skew: ${remote.folder} release ${id} recorded as passed`);
}
console.info(`\nversion skew: ${passes.length === 1 ? 'the pass is' : 'both passes are'} green`);
