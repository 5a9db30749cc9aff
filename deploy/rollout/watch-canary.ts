import type { RemoteApp } from 'release-contract/apps';
import {
  type PrometheusClient,
  prometheusClient,
  prometheusUrl,
} from '../observability/prometheus-api';
import { type CanaryPolicy, DEFAULT_POLICY, judgeCanary, type Verdict } from './canary-judge';
import { releaseFigures, requirePageServers } from './prometheus-figures';
import { type ReleaseFigures, rate } from './release-metrics';

export interface WatchOptions {
  windowMs: number;
  everyMs: number;
  policy?: CanaryPolicy;
  /** Where the figures come from (PROMETHEUS_URL, else the one start:nginx runs). */
  prometheus?: PrometheusClient;
  log?: (line: string) => void;
}

/**
 * Watches a canary over its window, from Prometheus (only what happened since it began, summed
 * over every page server it scrapes), until its verdict: promote or roll back, with the reason.
 * Its errors are the share of verified views that erred (decision 034), as the judge reads them.
 * Prometheus unreachable, or scraping no page server, fails the watch: the canary then ends.
 */
export async function watchCanary(
  remote: RemoteApp,
  canary: string,
  stable: string,
  options: WatchOptions,
): Promise<
  Exclude<Verdict, { kind: 'wait' }> & { canary: ReleaseFigures; stable: ReleaseFigures }
> {
  const url = prometheusUrl();
  const prometheus = options.prometheus ?? prometheusClient(url);
  const log = options.log ?? console.info;
  const servers = await requirePageServers(prometheus, url);
  log(
    `${remote.folder} canary ${canary}: judged from ${servers} page server(s) through Prometheus`,
  );
  const started = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
    const at = new Date();
    const seconds = (at.getTime() - started) / 1000;
    const [canaryFigures, stableFigures] = await Promise.all([
      releaseFigures(prometheus, { slice: remote.name, release: canary }, seconds, at),
      releaseFigures(prometheus, { slice: remote.name, release: stable }, seconds, at),
    ]);
    const figures = { canary: canaryFigures, stable: stableFigures };
    const over = at.getTime() - started >= options.windowMs;
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
