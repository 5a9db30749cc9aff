import type { RemoteName } from './remotes';

/*
 * What a page tells its own server about itself (issue 31, decision 029): which slices'
 * releases it showed, their errors and their Web Vitals. Labels only, from fixed sets: no
 * message, no URL beyond the route's id, no value a customer typed or was shown, so nothing
 * personal can be in a beacon (the server drops any other field).
 */

/** Where the page sends its beacons: the host's own origin, so the CSP stays as strict. */
export const RUM_PATH = '/rum';
/** A beacon's size limit, in bytes of its JSON: the server refuses a larger body (413). */
export const RUM_MAX_BYTES = 8 * 1024;
/** A beacon's event limit: a page that has more sends the rest in the next one. */
export const RUM_MAX_EVENTS = 32;
/** A page view's events at most: a loop of errors must not flood the server (its budget). */
export const RUM_MAX_EVENTS_PER_VIEW = 200;
/** A page view's beacons at most: far more than a page sends, and the server's budget. */
export const RUM_MAX_BEACONS_PER_VIEW = 40;

/*
 * A page view's beacons are evidence only with the view token its page was sent with (decision
 * 034): the page server writes it into each page it sends, the page sends it with each beacon
 * as this query parameter (nginx sends a view's beacons to one page server by it).
 */
export const RUM_VIEW_PARAM = 'view';
/** The page's `<meta name>` that carries its view token. */
export const VIEW_TOKEN_META = 'lender-view';
/** A view token's shape: its claims and their HMAC, each base64url. */
export const VIEW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,1024}\.[A-Za-z0-9_-]{43}$/;

/** Who owns what an event is about: a remote's slice, or the host's shell around them. */
export type Slice = RemoteName | 'host';

/**
 * The release an event is attributed to: a remote's release id (the folder its manifest is
 * served from, decision 016), `dev` for a remote served unversioned (`pnpm start`, `pnpm dev`),
 * `host` for the host's own code (deployed as the entry point, not versioned).
 */
export const RELEASE_PATTERN = /^(?:[0-9a-f]{12}|dev|host)$/;
export const HOST_RELEASE = 'host';

export interface Attribution {
  slice: Slice;
  release: string;
}

export const ERROR_KINDS = [
  /** An uncaught error (window `error`). */
  'uncaught',
  /** An unhandled promise rejection. */
  'rejection',
  /** A route's error boundary: the host's error page instead of the route. */
  'boundary',
  /** A slot that shows its "unavailable" fallback. */
  'slot',
  /** A script chunk that did not load. */
  'chunk',
  /** A remote's entry or manifest that did not load. */
  'remote-entry',
  /** A remote's entry refused for its integrity (decision 025). */
  'integrity',
  /** A part of the server's HTML React threw away and rendered afresh. */
  'hydration',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const VITALS = ['LCP', 'INP', 'CLS'] as const;
export type Vital = (typeof VITALS)[number];

export type RumEvent =
  /** A slot of this slice's release was on the page: the denominator of its error rate. */
  | ({ type: 'view' } & Attribution)
  | ({ type: 'error'; kind: ErrorKind } & Attribution)
  /** LCP and INP in milliseconds, CLS unitless; attributed to the element's slice. */
  | ({ type: 'vital'; name: Vital; value: number } & Attribution);

export interface Beacon {
  v: 1;
  /** The route table's id of the page (`index`, `complaints`, …), or `not-found`. */
  route: string;
  events: RumEvent[];
}

/** The release a remote's manifest address names (`…/releases/<id>/mf-manifest.json`). */
export function releaseOfManifest(manifestUrl: string): string {
  return /\/releases\/([0-9a-f]{12})\/[^/]*$/.exec(manifestUrl)?.[1] ?? 'dev';
}

/** The attribute pair each slot's root carries, so an element names its slice and release. */
export const SLICE_ATTRIBUTE = 'data-slice';
export const RELEASE_ATTRIBUTE = 'data-release';
