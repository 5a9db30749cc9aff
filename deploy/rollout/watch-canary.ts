import type { RemoteApp } from 'tooling/apps';
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

export interface WatchOptions {
  windowMs: number;
  everyMs: number;
  policy?: CanaryPolicy;
  ports?: number[];
  log?: (line: string) => void;
}

/**
 * Watches a canary over its window, from the page servers' metrics (only what happened since
 * it began), until its verdict: promote or roll back, with the reason. Its errors are the share
 * of verified views that erred (decision 034), as the judge reads them.
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
