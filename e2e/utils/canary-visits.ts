import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { releaseOfManifest } from 'release-contract/rum-events';
import { kaCalculator } from 'remote-home/words/ka-calculator';
import { REPO_ROOT } from './redeploy-utils';
import { HOST_URL } from './urls';

/*
 * A team's canary as the e2e suites drive it (decision 029): the deploy command left running
 * while visitors in chosen buckets load the home page and report what they saw, over three
 * machines (machines/canary.spec).
 */

const SKEW_PASSES = path.join(REPO_ROOT, '.nginx/registry/skew-passes.json');
/** Scratch space for the tests' builds and files (git-ignored). */
export const WORK = path.join(REPO_ROOT, '.e2e-tmp');
/** The production pin the rollouts move: a copy, not the repository's own. */
export const IN_PRODUCTION = path.join(WORK, 'in-production.json');

/**
 * Records that these releases passed `pnpm test:skew` (a canary starts only then). The skew
 * test checks that a slice meets its host, not what a test breaks on purpose; its own run
 * is `pnpm test:skew`'s.
 */
export function skewPassed(...releases: string[]) {
  const passes = existsSync(SKEW_PASSES) ? JSON.parse(readFileSync(SKEW_PASSES, 'utf8')) : [];
  for (const release of releases) {
    passes.push({ remote: 'remote-home', release, at: new Date().toISOString() });
  }
  writeFileSync(SKEW_PASSES, JSON.stringify(passes));
}

export interface Deployment {
  output: () => string;
  done: Promise<number>;
  child: ChildProcess;
}

/** A deployment command as a team runs it, left running while the test sends visitors. */
export function deploy(env: Record<string, string>, ...args: string[]): Deployment {
  let output = '';
  const child = spawn('pnpm', ['--silent', '--filter', 'deploy', 'nginx', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, IN_PRODUCTION_FILE: IN_PRODUCTION, ...env },
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const done = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return { output: () => output, done, child };
}

/** The release id `release` printed for the build it deployed. */
export const releasedId = (deployment: Deployment) =>
  /release ([0-9a-f]{12}) in /.exec(deployment.output())?.[1] ?? '';

/** The release of remote-home the page was given (its embedded runtime configuration). */
export const homeReleaseOf = async (page: Page) =>
  releaseOfManifest(
    await page.evaluate(() => {
      const config = JSON.parse(document.getElementById('runtime-config')?.textContent ?? '{}') as {
        remotes: { name: string; manifestUrl: string }[];
      };
      return config.remotes.find((remote) => remote.name === 'remote_home')?.manifestUrl ?? '';
    }),
  );

/**
 * A visitor in `bucket` loads the home page until its calculator shows what it will show, and
 * its page has reported it (the slot's view, and its failure when it fell back).
 */
export async function visit(
  browser: Browser,
  bucket: number,
  site = HOST_URL,
): Promise<string | undefined> {
  const context = await browser.newContext({ baseURL: site });
  await context.addCookies([{ name: 'lender_bucket', value: String(bucket), url: site }]);
  const page = await context.newPage();
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rum' && request.method() === 'POST') {
      beacons.push(request.postData() ?? '');
    }
  });
  try {
    await page.goto('/');
    const release = await homeReleaseOf(page);
    const calculator = page.getByRole('region', { name: kaCalculator.title });
    const fallback = page.locator('[data-remote-fallback]');
    await expect(calculator.locator('output').first().or(fallback.first())).toBeVisible();
    const failed = await fallback.count();
    const reported = (needle: string) => beacons.some((beacon) => beacon.includes(needle));
    await expect
      .poll(
        () =>
          reported('"type":"view","slice":"remote_home"') && (!failed || reported('"kind":"slot"')),
      )
      .toBe(true);
    return release;
  } finally {
    await context.close();
  }
}

/**
 * Visitors, two at a time, their buckets spread evenly over 0–99 (a stride through them), until
 * the deployment ends; what each was given.
 */
export async function visitUntilDone(
  browser: Browser,
  deployment: Deployment,
  site = HOST_URL,
): Promise<(string | undefined)[]> {
  let ended = false;
  void deployment.done.then(() => {
    ended = true;
  });
  const given: (string | undefined)[] = [];
  let next = 0;
  const visitor = async () => {
    while (!ended && next < 200) {
      const bucket = (50 + next * 37) % 100;
      next += 1;
      given.push(await visit(browser, bucket, site));
    }
  };
  await Promise.all([visitor(), visitor()]);
  await deployment.done;
  return given;
}

/** The broken calculator the canary suites release: it throws for every visitor. */
export const BROKEN_CALCULATOR = [
  {
    file: 'src/features/calculator/components/loan-calculator.tsx',
    from: 'export default function LoanCalculator() {',
    to: "export default function LoanCalculator() {\n  throw new Error('this release has a broken calculator');",
  },
];

/** A sound new release: the same build with one more file is another release. */
export function soundBuild(name: string): string {
  const build = path.join(WORK, name);
  rmSync(build, { recursive: true, force: true });
  cpSync(path.join(REPO_ROOT, 'remote-home/dist'), build, { recursive: true });
  writeFileSync(path.join(build, 'release-note.txt'), `a sound release ${Date.now()}\n`);
  return build;
}

/**
 * Deploys `build` as a release of remote-home (not yet served) and records it and `stable` as
 * having passed the skew test; its id.
 */
export async function released(
  env: Record<string, string>,
  build: string,
  stable: string,
): Promise<string> {
  const deployment = deploy(env, 'release', 'remote-home', build);
  expect(await deployment.done, deployment.output()).toBe(0);
  const id = releasedId(deployment);
  skewPassed(stable, id);
  return id;
}

/** A canary of a fifth of visitors, judged every 2 s over three minutes, on at least 4 views. */
export const BROKEN_CANARY = [
  '--canary',
  '20',
  '--window',
  '180',
  '--every',
  '2',
  '--min-views',
  '4',
];

/**
 * A canary of half the visitors for 90 seconds. Its clean views can show a canary no worse
 * than the stable release by 20 points at 95% (it takes 11 on each side), not by the default 5
 * (that takes 52): a wider margin for a short window — a canary worse than that is still rolled
 * back. Driving the full Chromium, two visitors made about 17 views a minute on a loaded 2-core
 * machine, so a one-minute window rolled a sound canary back there for want of evidence (issue
 * 54's CI run) and the window was two minutes. The headless shell makes a visit a third of the
 * CPU: 29 visits in a one-minute window here, 13 of them the canary's — too near 11 to trust on
 * a loaded machine — and 51 in 90 s, 23 of them the canary's. The window is sized for the slow
 * machine, not raced; `test-results/machines-canary.json` keeps each run's count.
 */
export const SOUND_CANARY = [
  ...['--canary', '50', '--window', '90', '--every', '2', '--min-views', '4'],
  ...['--tolerance', '0.2'],
];
