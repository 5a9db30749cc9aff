import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prometheusClient } from 'deploy/observability/prometheus-api';
import { METRIC, matchers } from 'deploy/observability/release-queries';
import { releaseOfManifest } from 'release-contract/rum-events';
import {
  BROKEN_CALCULATOR,
  BROKEN_CANARY,
  deploy,
  IN_PRODUCTION,
  released,
  SOUND_CANARY,
  soundBuild,
  visit,
  visitUntilDone,
} from '../utils/canary-visits';
import { pinnedRelease } from '../utils/metrics-utils';
import { buildEditedRemote } from '../utils/redeploy-utils';
import { homeFrom } from './machine-page';
import { expect, test } from './machines-fixtures';
import type { Machine } from './topology';

/*
 * A team's canary over three machines (issue 48): the releases uploaded to the release origin,
 * the releases document published there and read by every machine, the verdict Prometheus's —
 * over the figures of all three — as a team's `release --canary` gives it.
 */

/*
 * The canary's rollback and promotion run here alone: the nginx pass on one machine ran the same
 * two scenarios until issue 55; what only it asserted (the share of visitors, the errors by
 * release, the pin, health and the rollback by hand) is asserted here, over three machines.
 */

/** The verdicts' words, as a team reads them in the command's output. */
const ROLLED_BACK = (canary: string) =>
  new RegExp(
    `canary ${canary} ROLLED BACK: (every one of its \\d+ (server renders fell back|verified views erred)|` +
      `its (server fallback|error) rate is [\\d.]+% \\(\\d+ of \\d+\\) against the stable release's [\\d.]+% \\(\\d+ of \\d+\\): worse by more than 5\\.0 points at 95\\.0% confidence)`,
  );
const PROMOTED = (canary: string) =>
  new RegExp(
    `canary ${canary} PROMOTED: over \\d+ page views and \\d+ server renders it is shown no worse than the stable release by 20\\.0 points at 95\\.0% confidence`,
  );

/** Where the promotion's figures are kept (reported, never asserted). */
const FIGURES = path.join(import.meta.dirname, '../test-results/machines-canary.json');
/** The slice's page in Prometheus after the run, as a team sees it. */
const SLICE_PAGE = path.join(import.meta.dirname, '../test-results/machines-slice-page.png');

/** The release of remote-home a machine's page server gives a visitor in `bucket` now. */
async function homeReleaseOn(address: string, bucket: number): Promise<string | undefined> {
  const html = await homeFrom(address, `lender_bucket=${bucket}`);
  const manifest = /"name":"remote_home","manifestUrl":"([^"]+)"/.exec(html)?.[1];
  return manifest ? releaseOfManifest(manifest) : undefined;
}

/** Whether a machine's page server has `release` as remote-home's canary (its own metrics). */
async function pinsCanary(machine: Machine, release: string): Promise<boolean> {
  const metrics = await fetch(`${machine.metricsUrl}/metrics`).then(
    (response) => response.text(),
    () => '',
  );
  return metrics.includes(
    `lender_release_pinned{slice="remote_home",release="${release}",role="canary"} 1`,
  );
}

test.describe('a canary over three machines', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(() => rmSync(IN_PRODUCTION, { force: true }));

  test('that breaks the calculator is rolled back by the Prometheus judge, on evidence from every machine', async ({
    browser,
    topology,
  }) => {
    test.setTimeout(420_000);
    const stable = pinnedRelease();
    const build = buildEditedRemote('remote-home', BROKEN_CALCULATOR);
    const canary = await released(topology.deployEnv, build, stable);

    const deployment = deploy(
      topology.deployEnv,
      'release',
      'remote-home',
      build,
      ...BROKEN_CANARY,
    );
    // Once every machine has the canary in its releases document (its metrics say so: asking
    // for a page would already be evidence), canary pages through the balancer one after
    // another: its round robin sends them to each machine in turn, then browsers visit.
    for (const machine of topology.machines) {
      await expect
        .poll(() => pinsCanary(machine, canary), { timeout: 30_000 })
        .toBe(true)
        .catch((error: Error) => {
          throw new Error(`${error.message}\n\nthe deployment said:\n${deployment.output()}`);
        });
    }
    for (let page = 0; page < 4 * topology.machines.length; page += 1) {
      await (await fetch(`${topology.url}/`, { headers: { cookie: 'lender_bucket=0' } })).text();
    }
    const given = await visitUntilDone(browser, deployment, topology.url);

    expect(deployment.output()).toMatch(ROLLED_BACK(canary));
    expect(await deployment.done).toBe(1);
    // The machines' own renders may have settled it before a browser met the canary; no more
    // than the canary's share of visitors met it.
    expect(given.every((release) => release === canary || release === stable)).toBe(true);
    const affected = given.filter((release) => release === canary).length;
    expect(affected / Math.max(given.length, 1)).toBeLessThanOrEqual(0.2);

    // The verdict's evidence came from every machine: Prometheus holds each one's server renders
    // of the canary that fell back (labelled by the machine it scraped), as the judge counts them.
    const prometheus = prometheusClient(topology.prometheusUrl);
    const failedOn = async () => {
      const fallbacks = await prometheus.vector(
        `${METRIC.slotFallbacks}${matchers({ slice: 'remote_home', release: canary }, { reason: '!="browser"' })}`,
      );
      return [...new Set(fallbacks.filter((s) => s.value > 0).map((s) => s.labels.machine))].sort();
    };
    await expect.poll(failedOn).toEqual(topology.machines.map((m) => m.address).sort());

    // The browsers' errors are named by the canary's release, and none by the stable one's.
    const slotErrors = async (release: string) =>
      (
        await prometheus.vector(
          `sum(${METRIC.pageErrors}${matchers({ slice: 'remote_home', release }, { kind: '="slot"' })})`,
        )
      ).reduce((sum, sample) => sum + sample.value, 0);
    await expect.poll(() => slotErrors(canary)).toBeGreaterThanOrEqual(affected);
    expect(await slotErrors(stable)).toBe(0);

    // Rolled back on every machine: the canary's share is given the stable release again.
    expect(pinnedRelease()).toBe(stable);
    for (const machine of topology.machines) {
      await expect.poll(() => homeReleaseOn(machine.address, 0), { timeout: 30_000 }).toBe(stable);
    }
  });

  test('that holds is promoted, and every machine serves it within seconds', async ({
    browser,
    topology,
  }) => {
    test.setTimeout(300_000);
    const stable = pinnedRelease();
    const build = soundBuild('remote-home-sound-machines');
    const canary = await released(topology.deployEnv, build, stable);

    const deployment = deploy(topology.deployEnv, 'release', 'remote-home', build, ...SOUND_CANARY);
    let promotedAt = 0;
    deployment.child.stdout?.on('data', (chunk: Buffer) => {
      if (!promotedAt && chunk.toString().includes(`canary ${canary} PROMOTED`)) {
        promotedAt = Date.now();
      }
    });
    const given = await visitUntilDone(browser, deployment, topology.url);
    expect(deployment.output()).toMatch(PROMOTED(canary));
    expect(await deployment.done).toBe(0);
    expect(given).toContain(canary);

    // Every machine serves it to every visitor (a bucket past any canary's share), read from
    // the document the origin serves; how long each took after the verdict is reported.
    const reached: Record<string, number> = {};
    await Promise.all(
      topology.machines.map(async (machine) => {
        await expect
          .poll(() => homeReleaseOn(machine.address, 99), { timeout: 30_000, intervals: [100] })
          .toBe(canary);
        reached[machine.address] = Date.now() - promotedAt;
      }),
    );
    // The verdict's evidence, and the visits that gave it: what the window is sized by.
    const verdict = PROMOTED(canary).exec(deployment.output())?.[0] ?? '';
    const figures = { verdict, visits: given.length, promotedReachedMachinesMs: reached };
    mkdirSync(path.dirname(FIGURES), { recursive: true });
    writeFileSync(FIGURES, `${JSON.stringify(figures, null, 2)}\n`);
    console.info(`${verdict}, after ${given.length} visits`);
    console.info(`promotion reached each machine after (ms): ${JSON.stringify(reached)}`);
    expect(pinnedRelease()).toBe(canary);
    // The production pin names it and what it replaced.
    const pin = JSON.parse(readFileSync(IN_PRODUCTION, 'utf8'));
    expect(pin.releases.remote_home).toMatchObject({ release: canary, replaced: stable });
    expect(pin.commit).toMatch(/^[0-9a-f]{40}$/);

    // The team's page in Prometheus names the release all three machines run now (once its
    // next scrape of each has seen the promotion), and draws its graphs without an error.
    const team = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await team.newPage();
      const slicePage = `${topology.prometheusUrl}/consoles/slice.html?slice=remote_home`;
      const row = page.getByRole('table').first().getByRole('row').filter({ hasText: canary });
      await expect(async () => {
        await page.goto(slicePage);
        await expect(row).toHaveCount(1, { timeout: 1_000 });
        await expect(row).toContainText(/stable\s*3/, { timeout: 1_000 });
      }).toPass();
      await page.waitForLoadState('networkidle');
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.reload({ waitUntil: 'networkidle' });
      await page.screenshot({ path: SLICE_PAGE, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await team.close();
    }

    // A visitor past any canary's share is given it, and its views count for it: its health,
    // once Prometheus has scraped them, is read against the release it replaced. The team can
    // then put that one back by hand, and every machine serves it again.
    expect(await visit(browser, 99, topology.url)).toBe(canary);
    await expect(async () => {
      const health = deploy(topology.deployEnv, 'health', 'remote-home');
      expect(await health.done, health.output()).toBe(0);
      expect(health.output()).toMatch(new RegExp(`current +${canary} +errors 0\\.0%`));
      expect(health.output()).toMatch(new RegExp(`previous +${stable} +errors`));
    }).toPass({ timeout: 30_000 });
    const back = deploy(topology.deployEnv, 'rollback', 'remote-home');
    expect(await back.done, back.output()).toBe(0);
    expect(pinnedRelease()).toBe(stable);
    for (const machine of topology.machines) {
      await expect.poll(() => homeReleaseOn(machine.address, 99), { timeout: 30_000 }).toBe(stable);
    }
  });
});
