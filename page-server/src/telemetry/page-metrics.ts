import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * What a page server measures (issue 31, decision 029), in the format operators already scrape:
 * the pages' own beacons (real-user signals) and the server's render, per slice and release.
 * Only beacons of a view this server's kind issued a token for reach the per-release series
 * (decision 034); the others are counted by outcome alone.
 * Every label takes its value from a bounded set — a remote's name, a release the runtime
 * configuration named, a route of the route table, a fixed reason — never from a request, so a
 * hostile client cannot grow the series.
 */

/** Where LCP lands, in seconds: Google's "good" is ≤ 2.5 s, "poor" > 4 s. */
const LCP_BUCKETS = [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10];
/** INP's, in seconds: "good" ≤ 200 ms, "poor" > 500 ms. */
const INP_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2];
/** CLS's: "good" ≤ 0.1, "poor" > 0.25. */
const CLS_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];
/** A slot's server render and a page's first byte, in seconds. */
const SERVER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2];

/**
 * What became of a beacon: `accepted` is evidence (its view token checked, within its budget);
 * the next five are counted here only, never under a release (decision 034); the rest refused.
 */
export type BeaconOutcome =
  | 'accepted'
  | 'no_token'
  | 'forged'
  | 'expired'
  | 'unnamed_release'
  | 'over_budget'
  | 'malformed'
  | 'too_large'
  | 'rate_limited'
  | 'unsupported';
export type SlotOutcome = 'rendered' | 'late' | 'failed' | 'browser';
export type ProviderCallSource = 'api' | 'page' | 'refresh';
export type ProviderCallOutcome = 'ok' | 'client_error' | 'server_error' | 'unreachable';

export interface PageMetrics {
  registry: Registry;
  slotViews: Counter<'slice' | 'release' | 'route'>;
  pageErrors: Counter<'slice' | 'release' | 'kind'>;
  erredViews: Counter<'slice' | 'release'>;
  pagesServed: Counter<'slice' | 'release'>;
  lcp: Histogram<'slice' | 'release'>;
  inp: Histogram<'slice' | 'release'>;
  cls: Histogram<'slice' | 'release'>;
  beacons: Counter<'outcome'>;
  slotRender: Histogram<'slice' | 'release' | 'slot'>;
  slotFallbacks: Counter<'slice' | 'release' | 'slot' | 'reason'>;
  releases: Counter<'slice' | 'release' | 'outcome'>;
  timeToFirstByte: Histogram<'route'>;
  providerCalls: Histogram<'source' | 'outcome'>;
  serverRenderUnavailable: Gauge;
  /** The releases document in use (releases/releases-source.ts, issue 48). */
  releasePinned: Gauge<'slice' | 'release' | 'role'>;
  releaseCanaryPercent: Gauge<'slice'>;
  releasesDocumentReads: Counter<'outcome'>;
  releasesDocumentStale: Gauge;
  releasesDocumentLoaded: Gauge;
}

/** A page server's metrics, in a registry of its own (a test makes as many as it needs). */
export function createPageMetrics(): PageMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    slotViews: new Counter({
      name: 'lender_rum_slot_views_total',
      help: "Page views that showed a slot of the slice's release, as the pages reported them",
      labelNames: ['slice', 'release', 'route'],
      registers,
    }),
    pageErrors: new Counter({
      name: 'lender_rum_errors_total',
      help: 'Errors and fallbacks the pages reported, by the slice and release they are attributed to',
      labelNames: ['slice', 'release', 'kind'],
      registers,
    }),
    erredViews: new Counter({
      name: 'lender_rum_erred_views_total',
      help: "Page views that reported an error of the slice's release: one a view, however many it sent",
      labelNames: ['slice', 'release'],
      registers,
    }),
    pagesServed: new Counter({
      name: 'lender_pages_served_total',
      help: "Pages this server sent with the slice's release, each with a view token naming it",
      labelNames: ['slice', 'release'],
      registers,
    }),
    lcp: new Histogram({
      name: 'lender_rum_lcp_seconds',
      help: "Largest Contentful Paint, attributed to the slice of the page's largest element",
      labelNames: ['slice', 'release'],
      buckets: LCP_BUCKETS,
      registers,
    }),
    inp: new Histogram({
      name: 'lender_rum_inp_seconds',
      help: 'Interaction to Next Paint, attributed to the slice of the element interacted with',
      labelNames: ['slice', 'release'],
      buckets: INP_BUCKETS,
      registers,
    }),
    cls: new Histogram({
      name: 'lender_rum_cls',
      help: 'Cumulative Layout Shift, attributed to the slice of the element that moved most',
      labelNames: ['slice', 'release'],
      buckets: CLS_BUCKETS,
      registers,
    }),
    beacons: new Counter({
      name: 'lender_rum_beacons_total',
      help: 'Beacons received, by what became of them',
      labelNames: ['outcome'],
      registers,
    }),
    slotRender: new Histogram({
      name: 'lender_slot_render_seconds',
      help: "A slot's server render: its code and answers, until it was ready or given up",
      labelNames: ['slice', 'release', 'slot'],
      buckets: SERVER_BUCKETS,
      registers,
    }),
    slotFallbacks: new Counter({
      name: 'lender_slot_fallbacks_total',
      help: "Slots a page was sent without: late, failed, or the browser's by design",
      labelNames: ['slice', 'release', 'slot', 'reason'],
      registers,
    }),
    releases: new Counter({
      name: 'lender_releases_total',
      help: 'Releases the render workers loaded: evaluated, refused (not the registered bytes), or none (no server code, unreachable)',
      labelNames: ['slice', 'release', 'outcome'],
      registers,
    }),
    timeToFirstByte: new Histogram({
      name: 'lender_page_ttfb_seconds',
      help: 'Time from a page request to its first byte, by route',
      labelNames: ['route'],
      buckets: SERVER_BUCKETS,
      registers,
    }),
    providerCalls: new Histogram({
      name: 'lender_provider_call_seconds',
      help: "The provider's answers to this server: the API through it, a page's reads, refreshes",
      labelNames: ['source', 'outcome'],
      buckets: SERVER_BUCKETS,
      registers,
    }),
    serverRenderUnavailable: new Gauge({
      name: 'lender_server_render_unavailable',
      help: 'Whether no render worker can start on this runtime (1): every page is then sent for the browser to render',
      registers,
    }),
    releasePinned: new Gauge({
      name: 'lender_release_pinned',
      help: "1 for each slice's release the releases document in use pins: its stable release and a canary's",
      labelNames: ['slice', 'release', 'role'],
      registers,
    }),
    releaseCanaryPercent: new Gauge({
      name: 'lender_release_canary_percent',
      help: "The share of visitors given the slice's canary by the document in use (0: none)",
      labelNames: ['slice'],
      registers,
    }),
    releasesDocumentReads: new Counter({
      name: 'lender_releases_document_reads_total',
      help: 'Reads of the releases document: changed, unchanged, failed (unreadable or invalid), or refused (not signed by the rollout, or older than the one in use)',
      labelNames: ['outcome'],
      registers,
    }),
    releasesDocumentStale: new Gauge({
      name: 'lender_releases_document_stale',
      help: 'Whether the last read of the releases document failed and the last good one is in use (1)',
      registers,
    }),
    releasesDocumentLoaded: new Gauge({
      name: 'lender_releases_document_loaded_timestamp_seconds',
      help: 'When the releases document in use was loaded (its first read, or the last that changed it)',
      registers,
    }),
  };
}

/** A provider answer's status as a bounded label. */
export function providerOutcome(status: number | undefined): ProviderCallOutcome {
  if (status === undefined) return 'unreachable';
  if (status >= 500) return 'server_error';
  if (status >= 400) return 'client_error';
  return 'ok';
}
