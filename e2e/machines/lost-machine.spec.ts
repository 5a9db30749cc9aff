import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VIEW_TOKEN_META } from 'release-contract/rum-events';
import { expect, test } from './machines-fixtures';
import { runOpenLoop, type Sample, ttfbFigures } from './open-loop';
import type { Machine } from './topology';

/** Where the run's figures are kept (speed is reported, never asserted). */
const FIGURES = path.join(import.meta.dirname, '../test-results/machines-load.json');

const PER_SECOND = 100;
const DURATION_MS = 60_000;
const LOST_AT_MS = 20_000;
const BACK_AT_MS = 40_000;

/** Mostly a visitor's home page, a few other public pages. */
const pathOf = (index: number) =>
  index % 20 === 7 ? '/recovery' : index % 20 === 13 ? '/static' : '/';

/**
 * A page: status 200, the whole HTML document, from a page server — nginx's own copy, sent when
 * no page server answered, carries no view token (decision 034): that is a failed page here.
 */
function accept(status: number, body: string, contentType: string): string | undefined {
  if (status !== 200) return `status ${status}`;
  if (!contentType.startsWith('text/html')) return `content-type ${contentType}`;
  if (!/^<!doctype html>/i.test(body) || !body.includes('</html>')) return 'not a whole page';
  if (!body.includes(`<meta name="${VIEW_TOKEN_META}"`)) return "nginx's own page: no page server";
  return undefined;
}

/** The pages a machine's page server has sent since it started (its own count), if it answers. */
async function pagesServed(machine: Machine): Promise<number | undefined> {
  const response = await fetch(`${machine.metricsUrl}/metrics`).catch(() => undefined);
  if (!response?.ok) return undefined;
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('lender_page_ttfb_seconds_count'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

const snapshot = (machines: readonly Machine[]) => Promise.all(machines.map(pagesServed));

test('100 pages a second for 60 s while a machine is lost and comes back: not one page fails', async ({
  topology,
}) => {
  test.setTimeout(300_000);
  const { machines } = topology;
  const lost = machines[1] as Machine;
  const atStart = await snapshot(machines);
  let beforeLoss: (number | undefined)[] = [];
  let atReturn: (number | undefined)[] = [];
  let backAfterMs = 0;
  const samples: Sample[] = await runOpenLoop({
    baseUrl: topology.url,
    perSecond: PER_SECOND,
    durationMs: DURATION_MS,
    pathOf,
    accept,
    at: [
      [
        LOST_AT_MS,
        async () => {
          beforeLoss = await snapshot(machines);
          await lost.kill();
        },
      ],
      [
        BACK_AT_MS,
        async () => {
          const started = performance.now();
          await lost.start();
          backAfterMs = Math.round(performance.now() - started);
          atReturn = await snapshot(machines);
        },
      ],
    ],
  });
  const atEnd = await snapshot(machines);

  const served = (from: (number | undefined)[], to: (number | undefined)[], i: number) =>
    (to[i] ?? 0) - (from[i] ?? 0);
  const perMachine = Object.fromEntries(
    machines.map((machine, i) => [
      machine.address,
      {
        beforeLoss: served(atStart, beforeLoss, i),
        // The lost machine's count starts again at 0 with its new process.
        // From the loss until the lost machine is ready again (a few seconds after BACK_AT_MS).
        whileLost: machine === lost ? 0 : served(beforeLoss, atReturn, i),
        afterReturn: served(machine === lost ? [] : atReturn, atEnd, i),
      },
    ]),
  );
  const failures = samples.filter((sample) => !sample.ok);
  const figures = {
    perSecond: PER_SECOND,
    durationS: DURATION_MS / 1000,
    lostMachine: lost.address,
    lostAtS: LOST_AT_MS / 1000,
    backAtS: BACK_AT_MS / 1000,
    readyAgainAfterMs: backAfterMs,
    failed: failures.length,
    ttfbMs: {
      all: ttfbFigures(samples),
      beforeLoss: ttfbFigures(samples.filter((s) => s.sentAt < LOST_AT_MS)),
      whileLost: ttfbFigures(
        samples.filter((s) => s.sentAt >= LOST_AT_MS && s.sentAt < BACK_AT_MS),
      ),
      afterReturn: ttfbFigures(samples.filter((s) => s.sentAt >= BACK_AT_MS)),
    },
    pagesPerMachine: perMachine,
  };
  mkdirSync(path.dirname(FIGURES), { recursive: true });
  writeFileSync(FIGURES, `${JSON.stringify(figures, null, 2)}\n`);
  console.info(`several machines, one lost: ${JSON.stringify(figures, null, 2)}`);

  expect(failures.slice(0, 10), `${failures.length} of ${samples.length} pages failed`).toEqual([]);
  for (const [address, pages] of Object.entries(perMachine)) {
    expect(pages.beforeLoss, `${address} served pages before the loss`).toBeGreaterThan(0);
    expect(pages.afterReturn, `${address} served pages after the return`).toBeGreaterThan(0);
  }
});
