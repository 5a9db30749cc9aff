import { createPageMetrics } from 'page-server/telemetry/page-metrics';
import { figuresOf, histogramQuantile, parseMetrics } from './release-metrics';

/** Two page servers' metrics as prom-client writes them, each tagged as a scrape tags it. */
async function twoServers() {
  const servers = [createPageMetrics(), createPageMetrics()];
  const home = { slice: 'remote_home', release: 'aaaaaaaaaaaa' };
  for (const [index, metrics] of servers.entries()) {
    metrics.slotViews.inc({ ...home, route: 'index' }, 10);
    metrics.pageErrors.inc({ ...home, kind: 'slot' }, index + 1);
    metrics.pageErrors.inc({ slice: 'remote_home', release: 'bbbbbbbbbbbb', kind: 'slot' }, 7);
    metrics.slotRender.observe({ ...home, slot: 'remote_home/LoanCalculator' }, 0.02);
    metrics.slotFallbacks.inc({ ...home, slot: 'remote_home/LoanCalculator', reason: 'late' });
    metrics.slotFallbacks.inc({ ...home, slot: 'remote_home/LoanCalculator', reason: 'browser' });
    for (const ms of [100, 150, 180, 700]) metrics.inp.observe(home, ms / 1000);
  }
  const texts = await Promise.all(servers.map((metrics) => metrics.registry.metrics()));
  return texts.flatMap((text, index) =>
    parseMetrics(text).map((sample) => ({
      ...sample,
      labels: { ...sample.labels, instance: String(index) },
    })),
  );
}

describe("the page servers' metrics, read as Prometheus reads them", () => {
  it("sums a release's views, errors and server fallbacks over every page server", async () => {
    const figures = figuresOf(await twoServers(), 'remote_home', 'aaaaaaaaaaaa');
    expect(figures).toMatchObject({ views: 20, errors: 3, renders: 2, fallbacks: 2 });
  });

  it("gives a release's p75 INP from the histogram's buckets", async () => {
    // 8 interactions: six within 200 ms, two of 700 ms; the 6th (75%) is at the 0.2 s bound.
    expect(figuresOf(await twoServers(), 'remote_home', 'aaaaaaaaaaaa').inpP75).toBe(200);
  });

  it('interpolates within a bucket, as histogram_quantile does', () => {
    const samples = parseMetrics(
      ['h_bucket{le="1"} 0', 'h_bucket{le="2"} 10', 'h_bucket{le="+Inf"} 10'].join('\n'),
    );
    expect(histogramQuantile(samples, 'h', () => true, 0.5)).toBe(1.5);
    expect(histogramQuantile([], 'h', () => true, 0.5)).toBeUndefined();
  });

  it('reads escaped label values', () => {
    expect(parseMetrics('m{a="x\\"y",b="z"} 3')).toEqual([
      { name: 'm', labels: { a: 'x"y', b: 'z' }, value: 3 },
    ]);
  });
});
