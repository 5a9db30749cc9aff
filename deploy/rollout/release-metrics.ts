/*
 * A release's figures (decision 029), and how to read them from a page server's own `/metrics`
 * text: the e2e tests read one page server's exposition this way for their own assertions. The
 * canary's judge and `health` read the same figures from Prometheus (prometheus-figures.ts),
 * summed over every page server it scrapes.
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

/** A rate as a percentage for people: `2.5% (1 of 40)`. */
export function rate(part: number, whole: number): string {
  if (whole === 0) return `– (${part} of 0)`;
  return `${((100 * part) / whole).toFixed(1)}% (${part} of ${whole})`;
}
