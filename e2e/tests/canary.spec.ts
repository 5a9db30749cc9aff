import { readFileSync, rmSync } from 'node:fs';
import { expect, test } from '../fixtures';
import {
  BROKEN_CALCULATOR,
  BROKEN_CANARY,
  deploy as deployWith,
  IN_PRODUCTION,
  released,
  SOUND_CANARY,
  soundBuild,
  visit,
  visitUntilDone,
} from '../utils/canary-visits';
import { metricsText, pinnedRelease, sampleValue } from '../utils/metrics-utils';
import { buildEditedRemote } from '../utils/redeploy-utils';
import { SERVED } from '../utils/tags';

// Served through nginx only (`pnpm test:prod`): a team's release path of decision 029 — a
// canary beside the stable release, watched by its own numbers, promoted or rolled back.

/** A deployment command on this machine's deployment. */
const deploy = (...args: string[]) => deployWith({}, ...args);

test.describe('a canary release', { tag: SERVED }, () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(() => rmSync(IN_PRODUCTION, { force: true }));

  test('whose calculator throws for every visitor is rolled back by itself, its errors under its own release', async ({
    browser,
  }) => {
    // It builds remote-home in production mode: minutes on a busy two-core machine.
    test.setTimeout(420_000);
    const stable = pinnedRelease();
    expect(stable, 'remote-home is pinned to a release').toBeTruthy();
    const build = buildEditedRemote('remote-home', BROKEN_CALCULATOR);
    const canary = await released({}, build, stable ?? '');

    const deployment = deploy('release', 'remote-home', build, ...BROKEN_CANARY);
    const given = await visitUntilDone(browser, deployment);
    const output = deployment.output();
    // Judged through Prometheus, over every page server (decision 037), by a test of the
    // difference (or, every render or view failing, at once), never waiting out the window.
    // The page servers' own signal comes first (decision 034): one of the page's three home
    // slots falls back on the canary's pages. Where their render did not see the broken
    // calculator, the browsers' verified views that erred must roll it back.
    expect(output).toMatch(
      new RegExp(
        `canary ${canary} ROLLED BACK: (every one of its \\d+ (server renders fell back|verified views erred)|` +
          `its (server fallback|error) rate is [\\d.]+% \\(\\d+ of \\d+\\) against the stable release's [\\d.]+% \\(\\d+ of \\d+\\): worse by more than 5\\.0 points at 95\\.0% confidence)`,
      ),
    );
    expect(await deployment.done).toBe(1);

    // No more than the canary's share of visitors met it.
    const affected = given.filter((release) => release === canary).length;
    expect(affected).toBeGreaterThan(0);
    expect(affected / given.length).toBeLessThanOrEqual(0.2);
    expect(given.every((release) => release === canary || release === stable)).toBe(true);

    // The metrics name the failures by the canary's release, and none by the stable one's.
    const metrics = await metricsText();
    const errors = (release: string) =>
      sampleValue(metrics, 'lender_rum_errors_total', {
        slice: 'remote_home',
        release,
        kind: 'slot',
      });
    expect(errors(canary)).toBeGreaterThanOrEqual(affected);
    expect(errors(stable ?? '')).toBe(0);

    // Rolled back: a visitor of the canary's share is given the stable release again.
    expect(pinnedRelease()).toBe(stable);
    expect(await visit(browser, 0)).toBe(stable);
  });

  test('that holds is promoted, the production pin moved to it, and rolled back by hand', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const stable = pinnedRelease();
    const build = soundBuild('remote-home-sound');
    const canary = await released({}, build, stable);

    const deployment = deploy('release', 'remote-home', build, ...SOUND_CANARY);
    const given = await visitUntilDone(browser, deployment);
    expect(deployment.output()).toMatch(
      new RegExp(
        `canary ${canary} PROMOTED: over \\d+ page views and \\d+ server renders it is shown no worse than the stable release by 20\\.0 points at 95\\.0% confidence`,
      ),
    );
    expect(await deployment.done).toBe(0);
    expect(given).toContain(canary);

    // Every visitor has it now, and the production pin names it and what it replaced.
    expect(pinnedRelease()).toBe(canary);
    expect(await visit(browser, 99)).toBe(canary);
    const pin = JSON.parse(readFileSync(IN_PRODUCTION, 'utf8'));
    expect(pin.releases.remote_home).toMatchObject({ release: canary, replaced: stable });
    expect(pin.commit).toMatch(/^[0-9a-f]{40}$/);

    const health = deploy('health', 'remote-home');
    expect(await health.done, health.output()).toBe(0);
    expect(health.output()).toMatch(new RegExp(`current +${canary} +errors 0\\.0%`));
    expect(health.output()).toMatch(new RegExp(`previous +${stable} +errors`));

    const back = deploy('rollback', 'remote-home');
    expect(await back.done, back.output()).toBe(0);
    expect(pinnedRelease()).toBe(stable);
  });
});
