import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPageMetrics } from 'page-server/telemetry/page-metrics';
import { consoleQueries } from './console-pages';
import { dashboardQueries } from './grafana-dashboard';
import { declaredMetrics, disagreements, type ExportedMetric, usesOf } from './promql-metrics';
import * as releaseQueries from './release-queries';

/*
 * Every PromQL the product asks — the canary judge's, `health`'s, the slice pages', the Grafana
 * dashboard's — names only metrics and labels the page servers export, and reads each as its
 * type allows. A query that does not answers nothing, without an error: a verdict that waits
 * forever, a graph that stays empty.
 */

const exported = () => declaredMetrics(createPageMetrics().registry.getMetricsAsArray());

const sample = { slice: 'remote_home', release: '0123456789ab' };

/** Each function of release-queries, called as a reader calls it. */
const everyQuery: Record<string, () => Record<string, string> | string> = {
  releaseCountQueries: () => releaseQueries.releaseCountQueries(sample, 600),
  releaseLatencyQueries: () => releaseQueries.releaseLatencyQueries(sample, 600),
  sliceGraphQueries: () => releaseQueries.sliceGraphQueries(sample.slice),
  ttfbP95: () => releaseQueries.ttfbP95(),
  pinnedReleases: () => releaseQueries.pinnedReleases(),
  releaseRateQueries: () => releaseQueries.releaseRateQueries(sample),
  releaseMarks: () => releaseQueries.releaseMarks(sample.slice),
  pageServersReporting: () => releaseQueries.pageServersReporting(),
};
/** The builders the queries above are made with: checked through them. */
const BUILDERS = ['matchers', 'grewBy', 'quantileOver'];

const queriesOf = (made: Record<string, string> | string) =>
  typeof made === 'string' ? [made] : Object.values(made);

const allQueries = () => [
  ...Object.entries(everyQuery).flatMap(([name, make]) =>
    queriesOf(make()).map((query) => [name, query] as const),
  ),
  ...consoleQueries(sample).map((query) => ['console pages', query] as const),
  ...dashboardQueries(sample.slice).map((query) => ['Grafana dashboard', query] as const),
];

describe('every query the product asks Prometheus', () => {
  it.each(allQueries())('%s: %s — reads only what the page servers export', (_, query) => {
    expect(disagreements(query, exported())).toEqual([]);
  });

  it('covers every query function of release-queries (a new one is listed above)', () => {
    const functions = Object.entries(releaseQueries)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .filter((name) => !BUILDERS.includes(name));
    expect(functions.sort()).toEqual(Object.keys(everyQuery).sort());
  });
});

describe('the check', () => {
  const metrics: ExportedMetric[] = [
    { name: 'views_total', type: 'counter', labelNames: ['slice', 'release'] },
    { name: 'lcp_seconds', type: 'histogram', labelNames: ['slice'] },
    { name: 'pinned', type: 'gauge', labelNames: ['slice'] },
  ];

  it('agrees with a query that reads what is exported, as its type allows', () => {
    const query =
      'histogram_quantile(0.75, sum by (le, slice) (rate(lcp_seconds_bucket{slice="a"}[5m]))) / sum by (slice) (rate(views_total{release!="x"}[1m])) + sum(lcp_seconds_count) + changes(pinned{slice="a"}[5m])';
    expect(disagreements(query, metrics)).toEqual([]);
  });

  it('finds a renamed metric, a renamed label and a grouping by a label no series has', () => {
    expect(disagreements('sum(rate(view_total{slice="a"}[5m]))', metrics)).toEqual([
      'view_total is not exported',
    ]);
    expect(disagreements('sum(rate(views_total{slices="a"}[5m]))', metrics)).toEqual([
      'views_total has no label slices',
    ]);
    expect(disagreements('sum by (route) (rate(views_total[5m]))', metrics)).toEqual([
      'grouped by route, a label of none of views_total',
    ]);
  });

  it('finds a counter function over a gauge and a quantile over what is not a bucket', () => {
    expect(disagreements('rate(pinned[5m])', metrics)).toEqual([
      'rate() over pinned, a gauge, not a counter',
    ]);
    expect(
      disagreements('histogram_quantile(0.5, sum by (le) (rate(lcp_seconds_count[5m])))', metrics),
    ).toEqual([
      "histogram_quantile over lcp_seconds_count, not a histogram's _bucket",
      'grouped by le, a label of none of lcp_seconds_count',
    ]);
  });

  it('refuses what is not PromQL', () => {
    expect(() => usesOf('sum(rate(views_total[5m])')).toThrow(/not PromQL/);
  });

  it('reads metric names and label names from the page servers’ registry', () => {
    const views = exported().find((metric) => metric.name === 'lender_rum_slot_views_total');
    expect(views).toEqual({
      name: 'lender_rum_slot_views_total',
      type: 'counter',
      labelNames: ['slice', 'release', 'route'],
    });
  });
});

/*
 * Prometheus's own parser, where Debian's package is installed (.ci/run installs it): every
 * query as a recording rule, `promtool check rules` accepts each or names it.
 */
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe.runIf(promtool)('promtool', () => {
  it('accepts every query', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lender-queries-'));
    try {
      const rules = allQueries().map(([, expr], index) => ({ record: `lender:q${index}`, expr }));
      const file = path.join(dir, 'rules.json');
      // YAML is a superset of JSON: promtool reads this as a rules file.
      writeFileSync(file, JSON.stringify({ groups: [{ name: 'lender', rules }] }));
      const out = execFileSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
      expect(out).toContain(`SUCCESS: ${rules.length} rules found`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
