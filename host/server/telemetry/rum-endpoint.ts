import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RemoteName } from 'tooling/remotes';
import { ROUTE_TABLE } from '../../src/app/route-table';
import type { RuntimeConfig } from '../../src/contract/runtime-config';
import {
  HOST_RELEASE,
  RUM_MAX_BYTES,
  RUM_PATH,
  releaseOfManifest,
  type Slice,
} from '../../src/telemetry/rum-events';
import { beaconSchema } from './beacon-schema';
import type { BeaconOutcome, PageMetrics } from './page-metrics';

/** A page's beacons per address and minute: a page sends a handful; more is not a page. */
export const RUM_BEACONS_PER_MINUTE = 60;
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
  /** Beacons per address and minute (RUM_BEACONS_PER_MINUTE unless a test says otherwise). */
  perMinute?: number;
}

const OUTCOME_OF_STATUS: Record<number, BeaconOutcome> = {
  400: 'malformed',
  413: 'too_large',
  415: 'unsupported',
  429: 'rate_limited',
};

/**
 * `POST /rum`: the pages' beacons (decision 029), counted into the page server's metrics. A
 * beacon is small and read as hostile: over RUM_MAX_BYTES is refused before it is read, one
 * that is not a beacon's shape is refused whole, an address that sends too many is told to
 * wait. Nothing of a beacon is stored but the counts its labels name; it is answered 204.
 */
export async function registerRumEndpoint(
  app: FastifyInstance,
  options: RumEndpointOptions,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      max: options.perMinute ?? RUM_BEACONS_PER_MINUTE,
      timeWindow: 60_000,
      // A bounded memory: the addresses of a minute, the oldest forgotten first.
      cache: 10_000,
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
      const outcome = reply.statusCode === 204 ? 'accepted' : OUTCOME_OF_STATUS[reply.statusCode];
      if (outcome) options.metrics.beacons.inc({ outcome });
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
      options.book.note(options.config());
      const { metrics, book } = options;
      const route = parsed.data.route;
      for (const event of parsed.data.events) {
        const labels = { slice: event.slice, release: book.label(event.slice, event.release) };
        if (event.type === 'view') metrics.slotViews.inc({ ...labels, route });
        else if (event.type === 'error') metrics.pageErrors.inc({ ...labels, kind: event.kind });
        else if (event.name === 'LCP') metrics.lcp.observe(labels, event.value / 1000);
        else if (event.name === 'INP') metrics.inp.observe(labels, event.value / 1000);
        else metrics.cls.observe(labels, event.value);
      }
      return reply.code(204).send();
    });
  });
}
