import { remoteApp } from 'release-contract/apps';
import {
  type PrometheusClient,
  PrometheusQueryError,
  prometheusClient,
} from '../observability/prometheus-api';
import { METRIC, pageServersReporting } from '../observability/release-queries';
import { DEFAULT_POLICY } from './canary-judge';
import { watchCanary } from './watch-canary';

const HOME = remoteApp('remote-home');
const CANARY = 'bbbbbbbbbbbb';
const STABLE = 'aaaaaaaaaaaa';

/**
 * A Prometheus that has, summed over its page servers, these counts of each release over any
 * window (what the release-queries ask, answered by metric and release), and `servers` targets.
 */
function prometheusWith(
  servers: number,
  counts: Record<string, Partial<Record<keyof typeof METRIC | 'renders', number>>>,
  asked: string[] = [],
): PrometheusClient {
  const metricOf = (query: string) =>
    query.includes(`${METRIC.slotRender}_count`)
      ? 'renders'
      : (Object.keys(METRIC) as (keyof typeof METRIC)[]).find((key) =>
          query.includes(`${METRIC[key]}{`),
        );
  return {
    vector: () => Promise.reject(new Error('not asked')),
    async count(query) {
      asked.push(query);
      if (query === pageServersReporting()) return servers;
      const release = /release="([0-9a-f]{12})"/.exec(query)?.[1] ?? '';
      const metric = metricOf(query);
      return metric ? (counts[release]?.[metric] ?? 0) : 0;
    },
    quantile: async () => undefined,
  };
}

describe("a canary's watch, from Prometheus's sums over every page server", () => {
  const options = { windowMs: 30, everyMs: 5, log: () => {} };

  it('rolls back a canary whose errors Prometheus counts, asking the one place for PromQL', async () => {
    const asked: string[] = [];
    const prometheus = prometheusWith(
      3,
      {
        [CANARY]: { pagesServed: 40, slotViews: 40, erredViews: 40, renders: 40 },
        [STABLE]: { pagesServed: 400, slotViews: 400, renders: 400 },
      },
      asked,
    );
    const verdict = await watchCanary(HOME, CANARY, STABLE, { ...options, prometheus });
    expect(verdict).toMatchObject({
      kind: 'roll back',
      why: "every one of its 40 verified views erred, against the stable release's 0.0% (0 of 400)",
      canary: { pages: 40, views: 40, erred: 40 },
    });
    expect(asked).toContain(pageServersReporting());
    expect(asked.some((query) => query.includes(`release="${CANARY}"`))).toBe(true);
    expect(asked.every((query) => query.includes('lender_'))).toBe(true);
  });

  it('waits out the window and promotes a canary shown no worse', async () => {
    const lines: string[] = [];
    const prometheus = prometheusWith(2, {
      [CANARY]: { pagesServed: 200, slotViews: 200, renders: 200 },
      [STABLE]: { pagesServed: 800, slotViews: 800, renders: 800, slotFallbacks: 2 },
    });
    const verdict = await watchCanary(HOME, CANARY, STABLE, {
      ...options,
      prometheus,
      policy: DEFAULT_POLICY,
      log: (line) => lines.push(line),
    });
    expect(verdict.kind).toBe('promote');
    expect(lines[0]).toBe(
      `remote-home canary ${CANARY}: judged from 2 page server(s) through Prometheus`,
    );
  });

  it('fails when Prometheus scrapes no page server, before judging anything', async () => {
    await expect(
      watchCanary(HOME, CANARY, STABLE, { ...options, prometheus: prometheusWith(0, {}) }),
    ).rejects.toThrow(/scrapes no page server: nothing to judge a release by/);
  });

  it('fails, saying so, when Prometheus cannot be reached', async () => {
    const prometheus = prometheusClient('http://127.0.0.1:9');
    await expect(watchCanary(HOME, CANARY, STABLE, { ...options, prometheus })).rejects.toThrow(
      PrometheusQueryError,
    );
  });
});
