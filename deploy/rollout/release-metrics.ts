import { existsSync, readFileSync } from 'node:fs';
import { PAGE_SERVERS_FILE } from '../deploy-paths';

/*
 * What the page servers' metrics say of a slice's releases (decision 029), read as Prometheus
 * reads them: each page server's `/metrics` on its loopback port, summed. `health` prints it;
 * a canary's watch compares a canary with the stable release by it.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments and blank lines skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const match = SAMPLE.exec(line.trim());
    if (!match?.[1] || match[3] === undefined) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) {
      if (key)
        labels[key] = (value ?? '').replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The metrics ports the running page servers wrote down (deploy/nginx/page-servers). */
export function metricsPorts(file = PAGE_SERVERS_FILE): number[] {
  if (!existsSync(file)) return [];
  const servers = JSON.parse(readFileSync(file, 'utf8')) as { metricsPort?: number }[];
  return servers.flatMap((server) => (server.metricsPort ? [server.metricsPort] : []));
}

/** Every page server's samples, each tagged with the port it came from; one that is down is skipped. */
export async function scrape(ports: readonly number[]): Promise<Sample[]> {
  const all = await Promise.all(
    ports.map(async (port) => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
          signal: AbortSignal.timeout(3_000),
        });
        if (!response.ok) return [];
        return parseMetrics(await response.text()).map((sample) => ({
          ...sample,
          labels: { ...sample.labels, instance: String(port) },
        }));
      } catch {
        return [];
      }
    }),
  );
  return all.flat();
}

/**
 * What one release of a slice did, over whatever the samples cover. The browser's figures are
 * of verified views only: pages a page server sent, reporting with their view token within its
 * budget (decision 034); the rest are the page servers' own counts.
 */
export interface ReleaseFigures {
  release: string;
  /** Pages the page servers sent with it (their own count). */
  pages: number;
  /** Page views that showed one of its slots (the pages' own count, verified). */
  views: number;
  /** Of those, the views that reported an error of it: one a view, however many it sent. */
  erred: number;
  /** Errors the pages attributed to it: uncaught, fallbacks, failed chunks and entries. */
  errors: number;
  /** Its slots' server renders, and those sent to the browser late or failed. */
  renders: number;
  fallbacks: number;
  /** LCP and INP at the 75th percentile, in ms, where its elements were the ones measured. */
  lcpP75?: number;
  inpP75?: number;
}

const sum = (
  samples: readonly Sample[],
  name: string,
  match: (labels: Record<string, string>) => boolean,
) =>
  samples
    .filter((sample) => sample.name === name && match(sample.labels))
    .reduce((total, sample) => total + sample.value, 0);

/**
 * The value under which `quantile` of a histogram's observations fall, from its cumulative
 * buckets (summed over instances), interpolated within its bucket as Prometheus's
 * histogram_quantile does; undefined without observations.
 */
export function histogramQuantile(
  samples: readonly Sample[],
  name: string,
  match: (labels: Record<string, string>) => boolean,
  quantile: number,
): number | undefined {
  const byBound = new Map<number, number>();
  for (const sample of samples) {
    if (sample.name !== `${name}_bucket` || !match(sample.labels)) continue;
    const bound = sample.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(sample.labels.le);
    byBound.set(bound, (byBound.get(bound) ?? 0) + sample.value);
  }
  const buckets = [...byBound].sort(([a], [b]) => a - b);
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total === 0) return undefined;
  const rank = quantile * total;
  let lower = 0;
  let below = 0;
  for (const [bound, count] of buckets) {
    if (count >= rank) {
      if (!Number.isFinite(bound)) return lower;
      return lower + ((bound - lower) * (rank - below)) / Math.max(count - below, 1);
    }
    lower = bound;
    below = count;
  }
  return lower;
}

/** A release's figures from the samples of every page server. */
export function figuresOf(
  samples: readonly Sample[],
  slice: string,
  release: string,
): ReleaseFigures {
  const ofRelease = (labels: Record<string, string>) =>
    labels.slice === slice && labels.release === release;
  const p75 = (name: string) => {
    const seconds = histogramQuantile(samples, name, ofRelease, 0.75);
    return seconds === undefined ? undefined : Math.round(seconds * 1000);
  };
  const lcpP75 = p75('lender_rum_lcp_seconds');
  const inpP75 = p75('lender_rum_inp_seconds');
  return {
    release,
    pages: sum(samples, 'lender_pages_served_total', ofRelease),
    views: sum(samples, 'lender_rum_slot_views_total', ofRelease),
    erred: sum(samples, 'lender_rum_erred_views_total', ofRelease),
    errors: sum(samples, 'lender_rum_errors_total', ofRelease),
    renders: sum(samples, 'lender_slot_render_seconds_count', ofRelease),
    fallbacks: sum(
      samples,
      'lender_slot_fallbacks_total',
      (labels) => ofRelease(labels) && labels.reason !== 'browser',
    ),
    ...(lcpP75 !== undefined ? { lcpP75 } : {}),
    ...(inpP75 !== undefined ? { inpP75 } : {}),
  };
}

/**
 * The samples' growth since `baseline` (counters and histograms only grow, so a page server
 * whose value fell was restarted: all it has counts). A canary is judged by what happened
 * during its window, not before it.
 */
export function since(baseline: readonly Sample[], now: readonly Sample[]): Sample[] {
  const key = (sample: Sample) =>
    `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
  const before = new Map(baseline.map((sample) => [key(sample), sample.value]));
  return now.map((sample) => {
    const was = before.get(key(sample)) ?? 0;
    return { ...sample, value: sample.value >= was ? sample.value - was : sample.value };
  });
}

/** A rate as a percentage for people: `2.5% (1 of 40)`. */
export function rate(part: number, whole: number): string {
  if (whole === 0) return `– (${part} of 0)`;
  return `${((100 * part) / whole).toFixed(1)}% (${part} of ${whole})`;
}
