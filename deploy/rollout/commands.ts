import path from 'node:path';
import { REMOTE_APPS, type RemoteApp } from 'release-contract/apps';
import { formatPins } from 'release-contract/release-integrity';
import type { ReleasesDocument } from 'release-contract/releases-document';
import { REPO_ROOT, releasesSourceOf } from '../deploy-paths';
import { prometheusClient, prometheusUrl } from '../observability/prometheus-api';
import { DEFAULT_POLICY } from './canary-judge';
import { deployedStore, publishReleasesDocument, recordReleaseCommit } from './deployed-store';
import { releaseFigures, requirePageServers } from './prometheus-figures';
import { rate } from './release-metrics';
import { releaseOrigin } from './release-origin';
import type { Env } from './release-store';
import { pinnedDocument, releaseRemote, releaseUrl } from './releases';
import { previousRelease, releasesInDocument, remoteByFolder, sliceRollout } from './rollout';
import { watchCanary } from './watch-canary';

/*
 * A slice's release commands (decision 029), on this checkout's deployment:
 *
 *   release <remote> [dir]  deploy a remote's build (default: its dist) as a release beside the others
 *     --canary N [--window S] [--every S] [--min-views N] [--tolerance F] [--confidence F]
 *                           …and serve it to N% of visitors, watch it, promote it or roll it back
 *   promote <remote>        make the canary under way the stable release now
 *   rollback <remote>       end the canary under way, or put back the release the stable one replaced
 *   health <remote> [--window S]
 *                           the current release's figures against the previous one's (last hour)
 */

/**
 * What serves the releases document once it changes: the deployment renders its pages from
 * the document the rollout hands it (nginx/site), and reads nothing of the rollout back.
 */
export type RenderPins = (env: Env, releases: ReleasesDocument) => void;

/**
 * The slice's rollout over the deployment on disk, its pages rendered at each step. A step's
 * document reaches an http(s) RELEASES_TARGET by `published()`, awaited after the step.
 */
const deployedRollout = (remote: RemoteApp, render: RenderPins, env = process.env) => {
  let publishing: Promise<void> = Promise.resolve();
  const rollout = sliceRollout(remote, {
    store: deployedStore(env),
    releaseUrl: (slice, id) => releaseUrl(slice, id, env),
    render: () => {
      render(env, pinnedDocument(env));
      publishing = publishing.then(() => publishReleasesDocument(env));
    },
  });
  return Object.assign(rollout, { published: () => publishing });
};

const SLICES = REMOTE_APPS.map((app) => app.folder).join('|');

function requireRemote(folder: string | undefined, usage: string) {
  const remote = remoteByFolder(folder);
  if (!remote) {
    console.error(`usage: ${usage.replace('<remote>', `<${SLICES}>`)}`);
    process.exit(2);
  }
  return remote;
}

/** `--name value` options, and the arguments left, in order. */
function options(args: string[]): { rest: string[]; named: Map<string, string> } {
  const rest: string[] = [];
  const named = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--')) {
      named.set(arg.slice(2), args[i + 1] ?? '');
      i += 1;
    } else rest.push(arg);
  }
  return { rest, named };
}

/** An option in seconds, as milliseconds; `fallback` is in seconds too. */
const secondsOption = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback * 1000;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new Error(`--${name} takes seconds, got "${value}"`);
  }
  return parsed * 1000;
};

const fractionOption = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!(parsed > 0 && parsed < 1)) {
    throw new Error(`--${name} takes a fraction between 0 and 1, got "${value}"`);
  }
  return parsed;
};

async function release(render: RenderPins, args: string[]) {
  const { rest, named } = options(args);
  const remote = requireRemote(
    rest[0],
    'release <remote> [build folder] [--canary N [--window S] [--every S] [--min-views N] [--tolerance F] [--confidence F]]',
  );
  const id = await releaseRemote(
    remote,
    path.resolve(rest[1] ?? path.join(REPO_ROOT, remote.folder, 'dist')),
  );
  recordReleaseCommit(remote, id);
  console.info(`${remote.folder}: release ${id} in ${releaseOrigin().where}`);
  if (!named.has('canary')) {
    console.info(
      `To use it, set ${remote.name}'s manifestUrl in ${releasesSourceOf()} to this and run "render":`,
    );
    console.info(releaseUrl(remote, id));
    // Served from anywhere else (a CDN, the Node servers), the same files are pinned by these.
    console.info(`Its pins, wherever else it is served (entry, server bundle, manifest):`);
    console.info(
      `${remote.integrityEnv}="${formatPins(deployedStore().registeredPins(remote, id))}"`,
    );
    return;
  }
  const percent = Number(named.get('canary'));
  const windowMs = secondsOption(named.get('window'), 600, 'window');
  const everyMs = secondsOption(named.get('every'), 10, 'every');
  const minViews = Number(named.get('min-views') ?? DEFAULT_POLICY.minViews);
  if (!Number.isInteger(minViews) || minViews < 1) {
    throw new Error(`--min-views takes a whole number, got "${named.get('min-views')}"`);
  }
  const tolerance = fractionOption(named.get('tolerance'), DEFAULT_POLICY.tolerance, 'tolerance');
  const confidence = fractionOption(
    named.get('confidence'),
    DEFAULT_POLICY.confidence,
    'confidence',
  );
  const rollout = deployedRollout(remote, render);
  const { stable } = rollout.startCanary(id, percent);
  await rollout.published();
  console.info(
    `${remote.folder}: canary ${id} serves ${percent}% of visitors beside ${stable}; watching for ${windowMs / 1000} s`,
  );
  let verdict: Awaited<ReturnType<typeof watchCanary>>;
  try {
    verdict = await watchCanary(remote, id, stable, {
      windowMs,
      everyMs,
      policy: { minViews, tolerance, confidence },
    });
  } catch (error) {
    rollout.endCanary(`the watch failed: ${error instanceof Error ? error.message : error}`);
    await rollout.published();
    throw error;
  }
  rollout.judge(verdict);
  await rollout.published();
  if (verdict.kind === 'promote') {
    console.info(`${remote.folder}: canary ${id} PROMOTED: ${verdict.why}`);
  } else {
    console.info(`${remote.folder}: canary ${id} ROLLED BACK: ${verdict.why}`);
    process.exitCode = 1;
  }
}

async function promote(render: RenderPins, args: string[]) {
  const remote = requireRemote(args[0], 'promote <remote>');
  const rollout = deployedRollout(remote, render);
  const record = rollout.promote({ byHand: 'promoted by hand' });
  await rollout.published();
  console.info(`${remote.folder}: ${record.release} is the stable release`);
}

async function rollback(render: RenderPins, args: string[]) {
  const remote = requireRemote(args[0], 'rollback <remote>');
  const rollout = deployedRollout(remote, render);
  const before = rollout.state();
  if (before.phase === 'canary') {
    rollout.rollBack('rolled back by hand');
    await rollout.published();
    console.info(
      `${remote.folder}: canary ${before.canary} ended; every visitor has ${before.stable}`,
    );
    return;
  }
  const stable = before.phase === 'stable' ? before.stable : undefined;
  const after = rollout.rollBack(`rolled back from ${stable} by hand`);
  await rollout.published();
  const now = after.phase === 'unreleased' ? undefined : after.stable;
  console.info(`${remote.folder}: ${now} is the stable release again (was ${stable})`);
}

/**
 * `health <remote>`: what its current release does to customers, against the release before,
 * over the last hour (or `--window S`), summed by Prometheus over every page server.
 */
async function health(args: string[]) {
  const { rest, named } = options(args);
  const remote = requireRemote(rest[0], 'health <remote> [--window S]');
  const seconds = secondsOption(named.get('window'), 3600, 'window') / 1000;
  const url = prometheusUrl();
  const prometheus = prometheusClient(url);
  const servers = await requirePageServers(prometheus, url);
  const store = deployedStore();
  const { stable, canary } = releasesInDocument(remote, store.readDocument());
  const previous = previousRelease(store.history(remote), stable);
  const rows = [
    ['current', stable],
    ['canary', canary],
    ['previous', previous],
  ].filter((row): row is [string, string] => row[1] !== undefined);
  const ms = (value: number | undefined) => (value === undefined ? '–' : `${value} ms`);
  console.info(
    `${remote.folder}, over the last ${seconds} s of ${servers} page server(s), from Prometheus at ${url}:`,
  );
  const at = new Date();
  for (const [role, release] of rows) {
    const figures = await releaseFigures(prometheus, { slice: remote.name, release }, seconds, at);
    console.info(
      `  ${role.padEnd(8)} ${release}  errors ${rate(figures.erred, figures.views)}  ` +
        `server fallbacks ${rate(figures.fallbacks, figures.renders)}  ` +
        `p75 LCP ${ms(figures.lcpP75)}  p75 INP ${ms(figures.inpP75)}`,
    );
  }
  if (!previous) console.info('  (no release before it is recorded)');
}

/** The rollout's commands, over a deployment that renders its pages with `render`. */
export const rolloutCommands = (
  render: RenderPins,
): Record<string, (args: string[]) => unknown> => ({
  release: (args) => release(render, args),
  promote: (args) => promote(render, args),
  rollback: (args) => rollback(render, args),
  health,
});

export const ROLLOUT_USAGE =
  'release <remote> [build] [--canary N] | promote <remote> | rollback <remote> | health <remote> [--window S]';
