import { isRemoteName } from 'release-contract/remotes';
import {
  type Attribution,
  type Beacon,
  type ErrorKind,
  HOST_RELEASE,
  RELEASE_ATTRIBUTE,
  RELEASE_PATTERN,
  RUM_MAX_BEACONS_PER_VIEW,
  RUM_MAX_BYTES,
  RUM_MAX_EVENTS,
  RUM_MAX_EVENTS_PER_VIEW,
  RUM_PATH,
  RUM_VIEW_PARAM,
  type RumEvent,
  releaseOfManifest,
  SLICE_ATTRIBUTE,
  VIEW_TOKEN_META,
  VIEW_TOKEN_PATTERN,
  type Vital,
} from 'release-contract/rum-events';
import type { RuntimeConfig } from 'release-contract/runtime-config';

/*
 * The page's real-user signals (decision 029), sent to its own server in beacons. Browser only:
 * nothing here runs at import, so the server's render may import what imports it. Until
 * startRum, or on a page load not sampled, every report is a no-op.
 */

/** How long the first queued event waits for others to share its beacon. */
const BATCH_MS = 1_000;
/** The same error (kind, slice, release) at most this often per page load. */
const MAX_SAME_ERROR = 5;
/** What the server takes as a measurement (beacon-schema): a beacon with more is refused whole. */
const MAX_VITAL: Record<Vital, number> = { LCP: 60_000, INP: 60_000, CLS: 100 };

const HOST: Attribution = { slice: 'host', release: HOST_RELEASE };

export interface RumOptions {
  remotes: RuntimeConfig['remotes'];
  /** The share of page loads that report, 0 to 1 (rumSampleRate). */
  sampleRate: number;
  /** The route table's id of the page shown now, or `not-found`. */
  route: () => string;
}

interface Reporter {
  route: () => string;
  /** Where its beacons go: with the page's view token, which makes them evidence (decision 034). */
  url: string;
  /** Beacons sent: the server takes no more than the view's budget. */
  sent: number;
  /** Each remote's folder (its manifest's address without the file), longest first. */
  folders: { folder: string; owner: Attribution }[];
  releases: Map<string, string>;
  queue: RumEvent[];
  timer: ReturnType<typeof setTimeout> | undefined;
  accepted: number;
  seen: Map<string, number>;
  detach: () => void;
}

let started = false;
/** Set only on a sampled page load. */
let reporter: Reporter | undefined;

function attribution(slice: unknown, release: unknown): Attribution {
  return isRemoteName(slice) && typeof release === 'string' && RELEASE_PATTERN.test(release)
    ? { slice, release }
    : HOST;
}

/** The remote whose folder holds the first of the addresses that one does; else the host. */
function ownerOfUrls(urls: readonly string[]): Attribution {
  const folders = reporter?.folders ?? [];
  for (const url of urls) {
    const owner = folders.find(({ folder }) => url.startsWith(folder));
    if (owner) return owner.owner;
  }
  return HOST;
}

const URL_IN_STACK = /\bhttps?:\/\/[^\s()'"]+/g;

/** The addresses a stack names, its top frame first. */
function urlsOfStack(error: unknown): string[] {
  const stack =
    error && typeof error === 'object' ? (error as { stack?: unknown }).stack : undefined;
  return typeof stack === 'string' ? (stack.match(URL_IN_STACK) ?? []) : [];
}

/** The slice and release of the slot a node is in (its root's attributes), else the host. */
export function ownerOfNode(node: Node | null | undefined): Attribution {
  const element = node instanceof Element ? node : node?.parentElement;
  const root = element?.closest(`[${SLICE_ATTRIBUTE}]`);
  return attribution(root?.getAttribute(SLICE_ATTRIBUTE), root?.getAttribute(RELEASE_ATTRIBUTE));
}

/** A node's owner as web-vitals' target string: `remote_home@abc123def456`, or `host`. */
function targetOf(node: Node | null): string {
  const { slice, release } = ownerOfNode(node);
  return slice === 'host' ? 'host' : `${slice}@${release}`;
}

function ownerOfTarget(target: string | undefined): Attribution {
  const [slice, release] = (target ?? '').split('@');
  return attribution(slice, release);
}

/** Only the labels: whatever else a caller's object carries never reaches a beacon. */
function labelsOf(event: RumEvent): RumEvent | undefined {
  const { slice, release } = attribution(event.slice, event.release);
  if (event.type === 'view') return { type: 'view', slice, release };
  if (event.type === 'error') return { type: 'error', kind: event.kind, slice, release };
  const { name, value } = event;
  if (!Number.isFinite(value) || value < 0 || value > MAX_VITAL[name]) return undefined;
  return { type: 'vital', name, value, slice, release };
}

/** How often a page load may report an event like this one (a view once per slice). */
function limitOf(event: RumEvent): [key: string, times: number] | undefined {
  if (event.type === 'view') return [`view ${event.slice} ${event.release}`, 1];
  if (event.type === 'error') {
    return [`error ${event.kind} ${event.slice} ${event.release}`, MAX_SAME_ERROR];
  }
  return undefined;
}

/** Queues an event for the next beacon: a no-op unless this page load is sampled. */
export function reportRum(event: RumEvent): void {
  const current = reporter;
  if (!current || current.accepted >= RUM_MAX_EVENTS_PER_VIEW) return;
  const labels = labelsOf(event);
  if (!labels) return;
  const limit = limitOf(labels);
  if (limit) {
    const [key, times] = limit;
    const count = current.seen.get(key) ?? 0;
    if (count >= times) return;
    current.seen.set(key, count + 1);
  }
  current.accepted += 1;
  current.queue.push(labels);
  // Once hidden the page may never run a timer again: what comes then (web-vitals' last
  // figures) goes at once, together.
  if (document.visibilityState === 'hidden') queueMicrotask(flush);
  else current.timer ??= setTimeout(flush, BATCH_MS);
}

/** An error of a remote's, by its federation name: attributed to its configured release. */
export function reportRemoteError(remote: string, kind: ErrorKind): void {
  reportRum({ type: 'error', kind, ...attribution(remote, reporter?.releases.get(remote)) });
}

const encoder = new TextEncoder();

/** The events as beacons within the server's limits; an event that alone is too big is dropped. */
function beaconsOf(route: string, events: readonly RumEvent[]): string[] {
  const encode = (batch: RumEvent[]) =>
    JSON.stringify({ v: 1, route, events: batch } satisfies Beacon);
  const bodies: string[] = [];
  let batch: RumEvent[] = [];
  let bytes = 0;
  const empty = encoder.encode(encode([])).length;
  for (const event of events) {
    const size = encoder.encode(JSON.stringify(event)).length;
    const grown = (batch.length === 0 ? empty : bytes + 1) + size;
    if (batch.length < RUM_MAX_EVENTS && grown <= RUM_MAX_BYTES) {
      batch.push(event);
      bytes = grown;
      continue;
    }
    if (batch.length > 0) bodies.push(encode(batch));
    batch = [];
    bytes = empty + size;
    if (bytes <= RUM_MAX_BYTES) batch.push(event);
  }
  if (batch.length > 0) bodies.push(encode(batch));
  return bodies;
}

/**
 * As a string (text/plain): the browser sends it without a CORS preflight. A browser that
 * cannot queue it (no sendBeacon, or its queue full) posts it with a fetch that outlives the page.
 */
function send(url: string, body: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  } catch {
    // Some browsers throw for a body over their limit: the fetch may still take it.
  }
  if (typeof fetch !== 'function') return;
  fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'text/plain' },
  }).catch(() => {
    // A signal lost is not the customer's problem.
  });
}

function flush(): void {
  const current = reporter;
  if (!current) return;
  clearTimeout(current.timer);
  current.timer = undefined;
  if (current.queue.length === 0) return;
  // Offline, a beacon fails (and says so in the console): the events wait for the network.
  if (navigator.onLine === false) return;
  const events = current.queue.splice(0);
  let route = 'not-found';
  try {
    route = current.route();
  } catch {
    // The page's route is a label: without it the events still count.
  }
  for (const body of beaconsOf(route, events)) {
    if (current.sent >= RUM_MAX_BEACONS_PER_VIEW) return;
    current.sent += 1;
    send(current.url, body);
  }
}

/**
 * The view token the page server sent this page with (decision 034), read from the page: no
 * request of its own. A page without one (the development server's, or nginx's own while no
 * page server answers) still reports; its beacons are counted apart.
 */
function viewTokenOf(page: Document): string | undefined {
  const token = page.querySelector(`meta[name="${VIEW_TOKEN_META}"]`)?.getAttribute('content');
  return token && VIEW_TOKEN_PATTERN.test(token) ? token : undefined;
}

function listen(): () => void {
  const onError = (event: Event) => {
    const target = event.target;
    // A resource's load error does not bubble: only the capture phase sees it here.
    if (target instanceof HTMLScriptElement || target instanceof HTMLLinkElement) {
      const url = target instanceof HTMLScriptElement ? target.src : target.href;
      reportRum({ type: 'error', kind: 'chunk', ...ownerOfUrls([url]) });
      return;
    }
    if (!(event instanceof ErrorEvent)) return;
    const urls = [...urlsOfStack(event.error), ...(event.filename ? [event.filename] : [])];
    reportRum({ type: 'error', kind: 'uncaught', ...ownerOfUrls(urls) });
  };
  const onRejection = (event: Event) => {
    const { reason } = event as PromiseRejectionEvent;
    reportRum({ type: 'error', kind: 'rejection', ...ownerOfUrls(urlsOfStack(reason)) });
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('error', onError, true);
  window.addEventListener('unhandledrejection', onRejection);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', flush);
  window.addEventListener('online', flush);
  return () => {
    window.removeEventListener('online', flush);
    window.removeEventListener('error', onError, true);
    window.removeEventListener('unhandledrejection', onRejection);
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', flush);
    window.removeEventListener('load', observeVitals);
  };
}

const vitalOf = (name: Vital, value: number, target: string | undefined): RumEvent => ({
  type: 'vital',
  name,
  // LCP and INP in whole milliseconds; CLS to three decimals.
  value: name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value),
  ...ownerOfTarget(target),
});

/** Web Vitals, from their own chunk once the page has loaded: off the first load's path. */
function observeVitals(): void {
  const owner = reporter;
  void import(/* webpackChunkName: "web-vitals" */ 'web-vitals/attribution').then(
    ({ onLCP, onINP, onCLS }) => {
      if (reporter !== owner) return;
      const options = { generateTarget: targetOf };
      onLCP(
        (metric) => reportRum(vitalOf('LCP', metric.value, metric.attribution.target)),
        options,
      );
      // Every change, so a slow interaction is told before the page is left; only growth is news.
      let inp = 0;
      onINP(
        (metric) => {
          if (metric.value <= inp) return;
          inp = metric.value;
          reportRum(vitalOf('INP', metric.value, metric.attribution.interactionTarget));
        },
        { ...options, reportAllChanges: true },
      );
      onCLS(
        (metric) => reportRum(vitalOf('CLS', metric.value, metric.attribution.largestShiftTarget)),
        options,
      );
    },
    () => {
      // Its chunk did not load: the window's error listener has counted that.
    },
  );
}

/**
 * Starts the page's reporting, once per page load: sampled or not, decided now. `remotes`
 * attribute an address (a failed chunk, a stack's frame) to the remote whose folder holds it.
 */
export function startRum({ remotes, sampleRate, route }: RumOptions): void {
  if (started) return;
  started = true;
  if (!(Math.random() < sampleRate)) return;
  const folders = remotes
    .map((remote) => ({
      folder: remote.manifestUrl.slice(0, remote.manifestUrl.lastIndexOf('/') + 1),
      owner: attribution(remote.name, releaseOfManifest(remote.manifestUrl)),
    }))
    // The most specific folder first, should one hold another.
    .sort((a, b) => b.folder.length - a.folder.length);
  const token = viewTokenOf(document);
  reporter = {
    route,
    url: token ? `${RUM_PATH}?${RUM_VIEW_PARAM}=${token}` : RUM_PATH,
    sent: 0,
    folders,
    releases: new Map(
      remotes.map((remote) => [remote.name, releaseOfManifest(remote.manifestUrl)]),
    ),
    queue: [],
    timer: undefined,
    accepted: 0,
    seen: new Map(),
    detach: () => {},
  };
  reporter.detach = listen();
  if (document.readyState === 'complete') observeVitals();
  else window.addEventListener('load', observeVitals, { once: true });
}

/** Tests only: forgets this page load's reporting, its listeners and its queue. */
export function resetRumForTests(): void {
  if (reporter) {
    clearTimeout(reporter.timer);
    reporter.detach();
  }
  reporter = undefined;
  started = false;
}
