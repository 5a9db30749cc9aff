import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { releaseOfManifest } from 'release-contract/rum-events';
import { REMOTE_APPS, type RemoteApp } from 'tooling/apps';
import { type CanaryPolicy, DEFAULT_POLICY, judgeCanary, type Verdict } from './canary-judge';
import {
  figuresOf,
  metricsPorts,
  type ReleaseFigures,
  rate,
  type Sample,
  scrape,
  since,
} from './release-metrics';
import { REGISTRY_DIR, REPO_ROOT, readPins, releaseUrl, renderFromPins, writePins } from './site';

/*
 * A slice's rollout (decision 029): a release becomes stable by a canary that its own numbers
 * promote or roll back, and every change of the stable release is recorded — what it replaced,
 * from which commit — in the release history and in the production pin the skew test meets.
 */

type Env = Record<string, string | undefined>;

export function remoteByFolder(folder: string | undefined): RemoteApp | undefined {
  return REMOTE_APPS.find((app) => app.folder === folder);
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

const historyFile = (remote: RemoteApp) => path.join(REGISTRY_DIR, remote.folder, 'history.json');

export function readHistory(remote: RemoteApp): RolloutRecord[] {
  const file = historyFile(remote);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RolloutRecord[]) : [];
}

function appendHistory(remote: RemoteApp, record: RolloutRecord): void {
  const file = historyFile(remote);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify([...readHistory(remote), record], null, 2)}\n`);
}

/** Where each release came from: the commit `release` recorded beside its pins. */
const commitFile = (remote: RemoteApp, id: string) =>
  path.join(REGISTRY_DIR, remote.folder, `${id}.commit`);

/** Records the commit a release is built from: RELEASE_COMMIT, else the checkout's HEAD. */
export function recordReleaseCommit(remote: RemoteApp, id: string, env: Env = process.env): void {
  const file = commitFile(remote, id);
  if (existsSync(file)) return;
  let commit = env.RELEASE_COMMIT?.trim();
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      }).trim();
    } catch {
      return;
    }
  }
  if (/^[0-9a-f]{40}$/.test(commit)) writeFileSync(file, `${commit}\n`);
}

const commitOf = (remote: RemoteApp, id: string): string | undefined => {
  const file = commitFile(remote, id);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
};

/**
 * The production pin (`deploy/in-production.json` unless IN_PRODUCTION_FILE names another):
 * the commit the skew test builds as what customers have (decision 019), and each slice's
 * release with what it replaced. A promotion moves it to the promoted release's commit.
 */
export function inProductionFile(env: Env = process.env): string {
  return env.IN_PRODUCTION_FILE ?? path.join(REPO_ROOT, 'deploy/in-production.json');
}

interface InProduction {
  $comment?: string;
  commit: string;
  releases?: Record<string, Omit<RolloutRecord, 'how' | 'why'>>;
}

function movePin(remote: RemoteApp, record: RolloutRecord, env: Env): void {
  const file = inProductionFile(env);
  const pin: InProduction = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as InProduction)
    : { commit: record.commit ?? '' };
  const { how: _how, why: _why, ...release } = record;
  const next: InProduction = {
    ...pin,
    ...(record.commit ? { commit: record.commit } : {}),
    releases: { ...pin.releases, [remote.name]: release },
  };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

const canaryLines = (remote: RemoteApp) => [remote.canaryUrlEnv, remote.canaryPercentEnv];

/** The stable release's id and the canary's, as the pins file has them. */
export function releasesInPins(remote: RemoteApp, pins: Env = readPins()) {
  const stable = pins[remote.urlEnv];
  const canary = pins[remote.canaryUrlEnv];
  return {
    stable: stable ? releaseOfManifest(stable) : undefined,
    canary: canary ? releaseOfManifest(canary) : undefined,
  };
}

/** Makes a release the slice's stable one: pins, pages, history and the production pin. */
export function setStable(
  remote: RemoteApp,
  id: string,
  how: RolloutRecord['how'],
  why: string | undefined,
  env: Env = process.env,
): RolloutRecord {
  const pins = readPins();
  const replaced = releasesInPins(remote, pins).stable;
  pins[remote.urlEnv] = releaseUrl(remote, id, env);
  for (const name of canaryLines(remote)) delete pins[name];
  writePins(pins);
  renderFromPins(env);
  const commit = commitOf(remote, id);
  const record: RolloutRecord = {
    release: id,
    ...(replaced && replaced !== id ? { replaced } : {}),
    ...(commit ? { commit } : {}),
    at: new Date().toISOString(),
    how,
    ...(why ? { why } : {}),
  };
  appendHistory(remote, record);
  movePin(remote, record, env);
  return record;
}

/** Ends a slice's canary: every visitor back on the stable release. */
export function endCanary(remote: RemoteApp, why: string, env: Env = process.env): void {
  const pins = readPins();
  const { canary, stable } = releasesInPins(remote, pins);
  for (const name of canaryLines(remote)) delete pins[name];
  writePins(pins);
  renderFromPins(env);
  if (canary) {
    appendHistory(remote, {
      release: canary,
      ...(stable ? { replaced: stable } : {}),
      at: new Date().toISOString(),
      how: 'rolled back',
      why,
    });
  }
}

/** Starts serving a release to `percent` of visitors beside the stable one. */
export function startCanary(
  remote: RemoteApp,
  id: string,
  percent: number,
  env: Env = process.env,
) {
  const pins = readPins();
  const { stable, canary } = releasesInPins(remote, pins);
  if (stable === id) throw new Error(`${remote.folder} release ${id} is already the stable one`);
  if (canary) {
    throw new Error(
      `${remote.folder} has a canary under way (${canary}): promote or roll it back first`,
    );
  }
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new Error(`--canary takes a whole percent from 1 to 99, got ${percent}`);
  }
  pins[remote.canaryUrlEnv] = releaseUrl(remote, id, env);
  pins[remote.canaryPercentEnv] = String(percent);
  writePins(pins);
  renderFromPins(env);
  return { stable };
}

export interface WatchOptions {
  windowMs: number;
  everyMs: number;
  policy?: CanaryPolicy;
  ports?: number[];
  log?: (line: string) => void;
}

/**
 * Watches a canary over its window, from the page servers' metrics (only what happened since
 * it began), until its verdict: promoted or rolled back, by itself, with the reason. Its
 * errors are the share of verified views that erred (decision 034), as the judge reads them.
 */
export async function watchCanary(
  remote: RemoteApp,
  canary: string,
  stable: string,
  options: WatchOptions,
): Promise<
  Exclude<Verdict, { kind: 'wait' }> & { canary: ReleaseFigures; stable: ReleaseFigures }
> {
  const ports = options.ports ?? metricsPorts();
  if (ports.length === 0)
    throw new Error('no page server is running: nothing to watch a canary by');
  const log = options.log ?? console.info;
  const baseline: Sample[] = await scrape(ports);
  const started = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
    const window = since(baseline, await scrape(ports));
    const figures = {
      canary: figuresOf(window, remote.name, canary),
      stable: figuresOf(window, remote.name, stable),
    };
    const over = Date.now() - started >= options.windowMs;
    const verdict = judgeCanary(
      figures.canary,
      figures.stable,
      over,
      options.policy ?? DEFAULT_POLICY,
    );
    log(
      `${remote.folder} canary ${canary}: ${figures.canary.pages} pages, errors ${rate(figures.canary.erred, figures.canary.views)}, ` +
        `fallbacks ${rate(figures.canary.fallbacks, figures.canary.renders)}; stable ${stable}: ` +
        `${figures.stable.pages} pages, errors ${rate(figures.stable.erred, figures.stable.views)}, fallbacks ${rate(figures.stable.fallbacks, figures.stable.renders)}`,
    );
    if (verdict.kind !== 'wait') return { ...verdict, ...figures };
  }
}

/**
 * Which releases passed `pnpm test:skew` (decision 019): its smoke tests against the host they
 * meet. A canary starts only for a release here, and only beside a stable release here or one
 * already in production (decision 029).
 */
export const SKEW_PASSES = path.join(REGISTRY_DIR, 'skew-passes.json');

interface SkewPass {
  remote: string;
  release: string;
  at: string;
}

const readSkewPasses = (): SkewPass[] =>
  existsSync(SKEW_PASSES) ? (JSON.parse(readFileSync(SKEW_PASSES, 'utf8')) as SkewPass[]) : [];

export function recordSkewPass(remote: RemoteApp, release: string): void {
  if (skewPassed(remote, release)) return;
  mkdirSync(path.dirname(SKEW_PASSES), { recursive: true });
  const passes = [
    ...readSkewPasses(),
    { remote: remote.folder, release, at: new Date().toISOString() },
  ];
  writeFileSync(SKEW_PASSES, `${JSON.stringify(passes, null, 2)}\n`);
}

export const skewPassed = (remote: RemoteApp, release: string): boolean =>
  readSkewPasses().some((pass) => pass.remote === remote.folder && pass.release === release);
