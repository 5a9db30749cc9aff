/*
 * Every PromQL the product asks Prometheus (decision 037): the canary's judge, `health`, the
 * slice pages Prometheus serves and the Grafana dashboard all read a release's figures through
 * these, so they mean the same thing over two page servers or two hundred. A test checks every
 * metric and label named here against what the page servers export (release-queries.test).
 */

/** A slice as the metrics label it (`remote_home`), and one of its releases (its 12-digit id). */
export interface ReleaseSelector {
  slice: string;
  release: string;
}

/** The metrics these queries read, as the page servers export them (page-metrics). */
export const METRIC = {
  pagesServed: 'lender_pages_served_total',
  slotViews: 'lender_rum_slot_views_total',
  erredViews: 'lender_rum_erred_views_total',
  pageErrors: 'lender_rum_errors_total',
  slotRender: 'lender_slot_render_seconds',
  slotFallbacks: 'lender_slot_fallbacks_total',
  lcp: 'lender_rum_lcp_seconds',
  inp: 'lender_rum_inp_seconds',
  ttfb: 'lender_page_ttfb_seconds',
  releasePinned: 'lender_release_pinned',
  canaryPercent: 'lender_release_canary_percent',
  renderUnavailable: 'lender_server_render_unavailable',
} as const;

/** A label value inside a PromQL string literal. */
const quoted = (value: string) => JSON.stringify(value);

/** The matchers of one release of one slice, and any more. */
export function matchers(of: ReleaseSelector, more: Record<string, string> = {}): string {
  const equal = Object.entries({ slice: of.slice, release: of.release })
    .map(([label, value]) => `${label}=${quoted(value)}`)
    .concat(Object.entries(more).map(([label, value]) => `${label}${value}`));
  return `{${equal.join(',')}}`;
}

/**
 * What a counter of the release grew by over the last `seconds`, summed over every page server:
 * its value now less its value then (a series that was not there then grew from nothing). Exact
 * counts, not `increase()`'s extrapolation: a verdict over a few dozen views needs whole ones.
 * A page server restarted within the window loses what it had counted before (the sum falls),
 * which can only make the judge wait longer, never judge on figures it did not have.
 */
export function grewBy(metric: string, selector: string, seconds: number): string {
  const window = Math.max(1, Math.round(seconds));
  return `clamp_min(sum(${metric}${selector}) - (sum(${metric}${selector} offset ${window}s) or vector(0)), 0)`;
}

/** A histogram's `quantile` over the last `seconds`, in seconds (undefined without observations). */
export function quantileOver(
  quantile: number,
  histogram: string,
  selector: string,
  seconds: number,
): string {
  const window = Math.max(1, Math.round(seconds));
  return `histogram_quantile(${quantile}, sum by (le) (increase(${histogram}_bucket${selector}[${window}s])))`;
}

/** The counts a canary's verdict weighs, for one release over a window. */
export function releaseCountQueries(of: ReleaseSelector, seconds: number) {
  const release = matchers(of);
  return {
    /** Pages the page servers sent with it (their own count). */
    pages: grewBy(METRIC.pagesServed, release, seconds),
    /** Verified page views that showed one of its slots. */
    views: grewBy(METRIC.slotViews, release, seconds),
    /** Of those, the views that reported an error of it. */
    erred: grewBy(METRIC.erredViews, release, seconds),
    /** Errors the pages attributed to it. */
    errors: grewBy(METRIC.pageErrors, release, seconds),
    /** Its slots' server renders. */
    renders: grewBy(`${METRIC.slotRender}_count`, release, seconds),
    /** Of those, the slots sent late or failed (not the browser's by design). */
    fallbacks: grewBy(METRIC.slotFallbacks, matchers(of, { reason: '!="browser"' }), seconds),
  } as const;
}

/**
 * How many page servers Prometheus has figures from now: every page server exports this gauge,
 * without labels, and its series goes stale when a scrape fails. The judge's figures are sums
 * over these; none means there is nothing to judge by.
 */
export const pageServersReporting = () => `count(${METRIC.renderUnavailable})`;

/** The latencies a team reads beside the counts (p75, in seconds). */
export function releaseLatencyQueries(of: ReleaseSelector, seconds: number) {
  const release = matchers(of);
  return {
    lcpP75: quantileOver(0.75, METRIC.lcp, release, seconds),
    inpP75: quantileOver(0.75, METRIC.inp, release, seconds),
  } as const;
}

/*
 * Range queries for the slice pages and the dashboard: rates over a sliding `window` (e.g. `5m`),
 * by release, so a canary is drawn beside the stable release.
 */

const slice = (name: string) => `{slice=${quoted(name)}}`;
const sliceWith = (name: string, more: string) => `{slice=${quoted(name)},${more}}`;

export function sliceGraphQueries(sliceName: string, window = '5m') {
  const bySlice = slice(sliceName);
  // A release with views and no errors yet reads 0, not nothing: its part has no series yet.
  const ratio = (part: string, whole: string) => {
    const perRelease = (series: string) => `sum by (release) (rate(${series}[${window}]))`;
    return `(${perRelease(part)} or 0 * ${perRelease(whole)}) / ${perRelease(whole)}`;
  };
  return {
    /** The releases the page servers run now, stable and canary (1 per page server). */
    pinned: `sum by (release, role) (${METRIC.releasePinned}${bySlice})`,
    /** A canary's share of visitors. */
    canaryPercent: `max(${METRIC.canaryPercent}${bySlice})`,
    /** Where a release changed: how often the pinned releases changed over the window. */
    releaseChanges: `sum(changes(${METRIC.releasePinned}${bySlice}[${window}]))`,
    /** The share of verified views that reported an error, by release. */
    errorRate: ratio(`${METRIC.erredViews}${bySlice}`, `${METRIC.slotViews}${bySlice}`),
    /** Errors by kind, per second, by release. */
    errorsByKind: `sum by (release, kind) (rate(${METRIC.pageErrors}${bySlice}[${window}]))`,
    /** The share of server renders sent late or failed, by release. */
    fallbackRate: ratio(
      `${METRIC.slotFallbacks}${sliceWith(sliceName, 'reason!="browser"')}`,
      `${METRIC.slotRender}_count${bySlice}`,
    ),
    /** Verified views per second, by release. */
    viewRate: `sum by (release) (rate(${METRIC.slotViews}${bySlice}[${window}]))`,
    lcpP75: `histogram_quantile(0.75, sum by (release, le) (rate(${METRIC.lcp}_bucket${bySlice}[${window}])))`,
    inpP75: `histogram_quantile(0.75, sum by (release, le) (rate(${METRIC.inp}_bucket${bySlice}[${window}])))`,
  } as const;
}

/** The page servers' own: time to first byte at p95 over the window, by route. */
export const ttfbP95 = (window = '1m') =>
  `histogram_quantile(0.95, sum by (route, le) (rate(${METRIC.ttfb}_bucket[${window}])))`;

/*
 * What the slice pages and the dashboard show beside the graphs: each release's figures now,
 * over a sliding `window`, and where a slice's releases changed.
 */

/** Every slice's pinned releases now: one series per slice, release and role, valued by how many page servers pin it. */
export const pinnedReleases = () =>
  `count by (slice, release, role) (${METRIC.releasePinned} == 1)`;

/** One release's figures over the window, for a row of a table (a ratio is absent without a denominator). */
export function releaseRateQueries(of: ReleaseSelector, window = '5m') {
  const release = matchers(of);
  const rate = (series: string) => `sum(rate(${series}[${window}]))`;
  // Views and no errors yet read 0, not nothing: the errors' series does not exist yet.
  const share = (part: string, whole: string) =>
    `(${rate(part)} or 0 * ${rate(whole)}) / ${rate(whole)}`;
  const p75 = (histogram: string) =>
    `histogram_quantile(0.75, sum by (le) (rate(${histogram}_bucket${release}[${window}])))`;
  return {
    errorRate: share(`${METRIC.erredViews}${release}`, `${METRIC.slotViews}${release}`),
    fallbackRate: share(
      `${METRIC.slotFallbacks}${matchers(of, { reason: '!="browser"' })}`,
      `${METRIC.slotRender}_count${release}`,
    ),
    viewRate: rate(`${METRIC.slotViews}${release}`),
    lcpP75: p75(METRIC.lcp),
    inpP75: p75(METRIC.inp),
  } as const;
}

/**
 * Marks where a slice's releases changed: for `window` after a page server starts pinning a
 * release (stable or canary) it is counted here. `changes()` cannot see it: the pinned gauge is
 * 1 for its whole life, a new release is a new series.
 */
export const releaseMarks = (sliceName: string, window = '1m') =>
  `count by (release, role) (${METRIC.releasePinned}${slice(sliceName)} == 1 unless ${METRIC.releasePinned}${slice(sliceName)} offset ${window} == 1)`;
