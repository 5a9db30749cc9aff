import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RemoteName } from 'release-contract/remotes';
import { ROUTE_TABLE } from 'release-contract/routes';
import {
  HOST_RELEASE,
  RUM_MAX_BYTES,
  RUM_PATH,
  RUM_VIEW_PARAM,
  type RumEvent,
  releaseOfManifest,
  type Slice,
} from 'release-contract/rum-events';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import * as z from 'shared/validation/zod';
import type { SessionKeys } from '../session/session-keys';
import { beaconSchema } from './beacon-schema';
import type { BeaconOutcome, PageMetrics } from './page-metrics';
import { ViewBudgets } from './view-budget';
import { type ViewClaims, type ViewTokens, viewTokens } from './view-token';

/**
 * Beacons without a valid view token per address and minute: a flood guard only. A beacon with
 * one is bounded by its view's budget instead, whatever address it shares (decision 034).
 */
export const RUM_UNVERIFIED_PER_MINUTE = 600;
/** How many releases of a slice are labels at once: the stable, a canary, the ones just replaced. */
const RELEASES_KEPT = 6;
/** The label of a release this server's configurations never named (a forged beacon's). */
export const OTHER_RELEASE = 'other';
const ROUTES = new Set([...ROUTE_TABLE.map((route) => route.id), 'not-found']);

/**
 * The releases the runtime configuration has named, per slice, newest last: a beacon's release
 * becomes a label only when it is one of them, so the series stay bounded whatever is sent.
 * Pages loaded before a rollout keep reporting the release they ran; the few last are kept.
 */
export class ReleaseBook {
  private readonly bySlice = new Map<RemoteName, string[]>();

  note(config: RuntimeConfig): void {
    for (const remote of config.remotes) {
      this.add(remote.name, releaseOfManifest(remote.manifestUrl));
      if (remote.canary) this.add(remote.name, releaseOfManifest(remote.canary.manifestUrl));
    }
  }

  private add(slice: RemoteName, release: string): void {
    const known = this.bySlice.get(slice) ?? [];
    if (known.at(-1) === release) return;
    const next = [...known.filter((id) => id !== release), release].slice(-RELEASES_KEPT);
    this.bySlice.set(slice, next);
  }

  label(slice: Slice, release: string): string {
    if (slice === 'host') return HOST_RELEASE;
    return this.bySlice.get(slice)?.includes(release) ? release : OTHER_RELEASE;
  }
}

export interface RumEndpointOptions {
  metrics: PageMetrics;
  book: ReleaseBook;
  /** The current configuration, noted before a beacon is read. */
  config: () => RuntimeConfig;
  /** The session's keys: the view tokens' key is derived from them. */
  keys: SessionKeys;
  /** Beacons without a valid view token per address and minute (RUM_UNVERIFIED_PER_MINUTE). */
  unverifiedPerMinute?: number;
  /** Unix seconds (a test moves it past a token's expiry). */
  now?: () => number;
}

export interface RumEndpoint {
  /** The view token of a page sent with `config`, its releases counted as served. */
  issueView(config: RuntimeConfig): string;
}

const OUTCOME_OF_STATUS: Record<number, BeaconOutcome> = {
  400: 'malformed',
  413: 'too_large',
  415: 'unsupported',
  429: 'rate_limited',
};

const viewQuery = z.object({ [RUM_VIEW_PARAM]: z.optional(z.string()) });

/** The token a beacon came with (undefined: none; null: not one string). */
function tokenOf(request: FastifyRequest): string | undefined | null {
  const query = viewQuery.safeParse(request.query);
  return query.success ? query.data[RUM_VIEW_PARAM] : null;
}

/** Whether every event is of the host or of a slice's release the view was given. */
const namedByView = (claims: ViewClaims, events: readonly RumEvent[]) =>
  events.every((event) =>
    event.slice === 'host'
      ? event.release === HOST_RELEASE
      : claims.releases[event.slice] === event.release,
  );

/**
 * `POST /rum?view=<token>`: the pages' beacons (decisions 029, 034), counted into the page
 * server's metrics. A beacon is read as hostile: over RUM_MAX_BYTES is refused before it is
 * read, one that is not a beacon's shape is refused whole (400). A well-formed one is evidence
 * only with the token of a page a page server sent, naming the releases it reports, within the
 * view's budget: then its labels are counted (204). Any other is counted apart by why, and
 * answered 202 — received, and it decides nothing.
 */
export async function registerRumEndpoint(
  app: FastifyInstance,
  options: RumEndpointOptions,
): Promise<RumEndpoint> {
  const { metrics, book } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const tokens: ViewTokens = viewTokens(options.keys, now);
  const budgets = new ViewBudgets();
  const signed = (request: FastifyRequest) => {
    const token = tokenOf(request);
    return typeof token === 'string' && tokens.check(token).kind === 'valid';
  };
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      max: options.unverifiedPerMinute ?? RUM_UNVERIFIED_PER_MINUTE,
      timeWindow: 60_000,
      // A bounded memory: the addresses of a minute, the oldest forgotten first.
      cache: 10_000,
      // A page's own beacons are bounded by its view's budget, not by the address it shares.
      allowList: (request) => signed(request),
    });
    // sendBeacon's string is text/plain: no preflight, and no other type is a beacon.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['text/plain', 'application/json'],
      { parseAs: 'string', bodyLimit: RUM_MAX_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(Object.assign(new Error('not JSON'), { statusCode: 400 }), undefined);
        }
      },
    );
    scope.addHook('onResponse', async (_request, reply) => {
      const outcome = OUTCOME_OF_STATUS[reply.statusCode];
      if (outcome) metrics.beacons.inc({ outcome });
    });
    // Errors say nothing of the beacon back: a status and a word.
    scope.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return reply.code(status).type('text/plain').send('Not a beacon');
    });
    scope.post(RUM_PATH, { bodyLimit: RUM_MAX_BYTES }, async (request, reply) => {
      const parsed = beaconSchema.safeParse(request.body);
      if (!parsed.success || !ROUTES.has(parsed.data.route)) {
        return reply.code(400).type('text/plain').send('Not a beacon');
      }
      const { route, events } = parsed.data;
      const apart = (outcome: BeaconOutcome) => {
        metrics.beacons.inc({ outcome });
        return reply.code(202).send();
      };
      const token = tokenOf(request);
      if (token === undefined) return apart('no_token');
      const check = token === null ? { kind: 'forged' as const } : tokens.check(token);
      if (check.kind !== 'valid') return apart(check.kind);
      if (!namedByView(check.claims, events)) return apart('unnamed_release');
      const spending = budgets.spend(check.claims, events, now());
      if (spending.kind !== 'spent') return apart(spending.kind);

      options.book.note(options.config());
      const labelsOf = (slice: Slice, release: string) => ({
        slice,
        release: book.label(slice, release),
      });
      for (const slice of spending.firstErrors) {
        metrics.erredViews.inc(
          labelsOf(slice, check.claims.releases[slice as RemoteName] ?? HOST_RELEASE),
        );
      }
      for (const event of events) {
        const labels = labelsOf(event.slice, event.release);
        if (event.type === 'view') metrics.slotViews.inc({ ...labels, route });
        else if (event.type === 'error') metrics.pageErrors.inc({ ...labels, kind: event.kind });
        else if (event.name === 'LCP') metrics.lcp.observe(labels, event.value / 1000);
        else if (event.name === 'INP') metrics.inp.observe(labels, event.value / 1000);
        else metrics.cls.observe(labels, event.value);
      }
      metrics.beacons.inc({ outcome: 'accepted' });
      return reply.code(204).send();
    });
  });
  return {
    issueView(config) {
      book.note(config);
      for (const remote of config.remotes) {
        const release = releaseOfManifest(remote.manifestUrl);
        metrics.pagesServed.inc({ slice: remote.name, release: book.label(remote.name, release) });
      }
      return tokens.issue(config);
    },
  };
}
