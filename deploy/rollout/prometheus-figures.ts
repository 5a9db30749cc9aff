import type { PrometheusClient } from '../observability/prometheus-api';
import {
  pageServersReporting,
  type ReleaseSelector,
  releaseCountQueries,
  releaseLatencyQueries,
} from '../observability/release-queries';
import type { ReleaseFigures } from './release-metrics';

/*
 * A release's figures as Prometheus has them, summed over every page server it scrapes: the
 * canary's judge and `health` read them, so they judge alike over two page servers or two
 * hundred. Each read asks every query at one instant, so the counts agree with each other.
 */

/** What one release of a slice did over the `seconds` before `at`. */
export async function releaseFigures(
  prometheus: PrometheusClient,
  of: ReleaseSelector,
  seconds: number,
  at: Date = new Date(),
): Promise<ReleaseFigures> {
  const counts = releaseCountQueries(of, seconds);
  const latencies = releaseLatencyQueries(of, seconds);
  const [pages, views, erred, errors, renders, fallbacks, lcp, inp] = await Promise.all([
    prometheus.count(counts.pages, at),
    prometheus.count(counts.views, at),
    prometheus.count(counts.erred, at),
    prometheus.count(counts.errors, at),
    prometheus.count(counts.renders, at),
    prometheus.count(counts.fallbacks, at),
    prometheus.quantile(latencies.lcpP75, at),
    prometheus.quantile(latencies.inpP75, at),
  ]);
  const ms = (value: number | undefined) =>
    value === undefined || !Number.isFinite(value) ? undefined : Math.round(value * 1000);
  const lcpP75 = ms(lcp);
  const inpP75 = ms(inp);
  return {
    release: of.release,
    pages,
    views,
    erred,
    errors,
    renders,
    fallbacks,
    ...(lcpP75 !== undefined ? { lcpP75 } : {}),
    ...(inpP75 !== undefined ? { inpP75 } : {}),
  };
}

/** How many page servers Prometheus has figures from; none is an error that says where it looked. */
export async function requirePageServers(
  prometheus: PrometheusClient,
  where: string,
): Promise<number> {
  const servers = await prometheus.count(pageServersReporting());
  if (servers === 0) {
    throw new Error(
      `Prometheus at ${where} scrapes no page server: nothing to judge a release by (is "pnpm start:nginx" running, and are the page servers in its targets?)`,
    );
  }
  return servers;
}
