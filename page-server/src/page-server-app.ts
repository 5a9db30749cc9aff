import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  buildRuntimeConfig,
  runtimeConfigWithReleases,
  sessionLimitsFromEnv,
} from 'release-contract/config-from-env';
import { remotesToHint } from 'release-contract/first-screen';
import { hostOrigins, providerPaths } from 'release-contract/origins';
import { renderIndexHtml } from 'release-contract/page-document';
import { trustedProxies } from 'release-contract/proxies';
import type { ReleasesDocument } from 'release-contract/releases-document';
import { isRemoteName, remoteNameOf } from 'release-contract/remotes';
import { isKnownPath, routeOf } from 'release-contract/routes';
import { releaseOfManifest } from 'release-contract/rum-events';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from 'release-contract/runtime-config';
import { ka } from 'shared/strings/ka';
import { allowedHosts, isAllowedHost } from './host-check';
import { CSP_REPORT_PATH } from './http/security-headers';
import {
  createStaticServer,
  type FastifyReply,
  type FastifyRequest,
  type StaticServer,
} from './http/static-server';
import {
  BUCKET_COOKIE,
  bucketCookie,
  bucketOf,
  configForBucket,
  hasCanary,
  newBucket,
} from './releases/canary';
import { manifestOfKey, type SlotOutcome } from './render/page-composer';
import {
  loadPageRenderer,
  type PageRenderer,
  type PageRendererOptions,
  RENDERER_START_ALLOWANCE_MS,
  readyWithin,
} from './render/page-renderer';
import { pageHeaders, sendHtml } from './render/page-response';
import { cookiesOf } from './session/provider-calls';
import { type PageSession, registerProviderGateway } from './session/provider-gateway';
import type { ProviderTimeouts } from './session/provider-limits';
import { sessionKeys } from './session/session-keys';
import { createPageMetrics, type PageMetrics, providerOutcome } from './telemetry/page-metrics';
import type { HealthReport } from './telemetry/page-server-health';
import { ReleaseBook, registerRumEndpoint } from './telemetry/rum-endpoint';

export interface PageServerAppOptions {
  /** The host's build folder. */
  root: string;
  /** Where /api/* goes: the provider's base address. */
  apiUpstream: string;
  env: Record<string, string | undefined>;
  /** Whether the page preloads the remotes' manifests (not for a build without remotes). */
  preloadRemotes?: boolean;
  /** How long the provider may take (tooling's PROVIDER_TIMEOUTS unless a test shortens them). */
  providerTimeouts?: ProviderTimeouts;
  /** Fastify's logger (serve-page-server: warnings, such as CSP reports and an unreachable provider). */
  logger?: boolean | { level: string };
  /**
   * The host's server entry (host/dist-server/render-page.cjs): a visitor's pages are then rendered on the
   * server (decision 020). Without it, every page is the browser's to render.
   */
  renderBundle?: string;
  /** The render workers' script (dist/render-worker.mjs): needed with renderBundle. */
  renderWorker?: string;
  /** The render pool's settings. */
  renderPool?: PageRendererOptions['pool'];
  /** A renderer made by the caller, in place of one from renderBundle (benchmarks measure it). */
  pageRenderer?: PageRenderer;
  /** How long a server render may wait for slots and their data (page-renderer's default). */
  renderBudgetMs?: number;
  /** How long the server waits for its renderer before it takes pages anyway (tests shorten it). */
  rendererStartAllowanceMs?: number;
  /**
   * The deployment's releases document in use (releases/releases-source, RELEASES_SOURCE):
   * its remotes replace REMOTE_*_URL's, so a slice's rollout reaches the pages as it is read.
   */
  releases?: () => ReleasesDocument;
  /**
   * Where this server counts what it measures and what the pages report (decision 029); its
   * own when not given. serve-page-server serves it on METRICS_PORT (loopback unless METRICS_HOST
   * names another address).
   */
  metrics?: PageMetrics;
  /** Where this server tells its health (serve-page-server serves it beside the metrics). */
  health?: HealthReport;
  /** Beacons without a view token per address and minute (rum-endpoint's flood guard). */
  unverifiedBeaconsPerMinute?: number;
}

/** A slot's release in the page's configuration, as its metrics label it. */
function slotRelease(config: RuntimeConfig, slot: SlotOutcome['slot']) {
  const slice = remoteNameOf(slot);
  const remote = config.remotes.find((candidate) => candidate.name === slice);
  return { slice, release: remote ? releaseOfManifest(remote.manifestUrl) : 'dev' };
}

/**
 * The host's production server: built files, its runtime config, the API proxy, route statuses.
 * It resolves once it can render pages (or its renderer's start allowance is spent).
 */
export async function buildPageServerApp(options: PageServerAppOptions): Promise<StaticServer> {
  // Built once: a malformed env var stops the server at start-up, and nothing in it depends on
  // a request.
  const releases = options.releases;
  const fromEnv = releases
    ? runtimeConfigWithReleases(options.env, releases())
    : buildRuntimeConfig(options.env);
  const hosts = allowedHosts(hostOrigins(options.env));

  const app = await createStaticServer({
    root: options.root,
    trustedProxies: trustedProxies(options.env),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });

  const metrics = options.metrics ?? createPageMetrics();
  const book = new ReleaseBook();
  /** The deployment's configuration, a canary included. */
  let inUse = fromEnv;
  const deployed = () => {
    const document = releases?.();
    // A new object only when the document in use changed: the rest is the environment's.
    if (document && document.remotes !== inUse.remotes) {
      inUse = { ...fromEnv, remotes: document.remotes };
    }
    book.note(inUse);
    return inUse;
  };
  /**
   * The configuration a request's page gets: with a canary, the release of the visitor's bucket
   * (a new visitor gets one, kept in a cookie); a page's configuration never has a canary.
   */
  const configFor = (request: FastifyRequest) => {
    const config = deployed();
    if (!hasCanary(config)) return { config, cookies: [] };
    const kept = bucketOf(cookiesOf(request.headers.cookie)[BUCKET_COOKIE]);
    const bucket = kept ?? newBucket();
    return {
      config: configForBucket(config, bucket),
      cookies: kept === undefined ? [bucketCookie(bucket, request.protocol === 'https')] : [],
    };
  };

  app.addHook('onRequest', async (request, reply) => {
    if (isAllowedHost(request.host, hosts)) return;
    request.log.warn({ host: request.host }, 'a request for a host this server is not');
    return reply.code(421).type('text/plain').send('Misdirected Request');
  });

  app.get(RUNTIME_CONFIG_PATH, async (request, reply) => {
    const { config, cookies } = configFor(request);
    // A canary's configuration is the visitor's own: no shared cache may keep it.
    reply.header('Cache-Control', hasCanary(deployed()) ? 'private, no-cache' : 'no-cache');
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return config;
  });

  // Each page sent carries a view token: its beacons are evidence by it (decision 034).
  const rum = await registerRumEndpoint(app, {
    metrics,
    book,
    config: deployed,
    keys: sessionKeys(options.env),
    ...(options.unverifiedBeaconsPerMinute !== undefined
      ? { unverifiedPerMinute: options.unverifiedBeaconsPerMinute }
      : {}),
  });

  const renderer =
    options.pageRenderer ??
    (options.renderBundle && options.renderWorker
      ? loadPageRenderer({
          bundle: options.renderBundle,
          worker: options.renderWorker,
          apiUpstream: options.apiUpstream,
          env: options.env,
          ...(options.renderPool ? { pool: options.renderPool } : {}),
          ...(options.renderBudgetMs !== undefined ? { budgetMs: options.renderBudgetMs } : {}),
          // Outside production a remote may run unregistered (the development servers rebuild).
          unpinned: options.env.NODE_ENV === 'production' ? 'refuse' : 'evaluate',
          onError: (error) =>
            app.log.warn({ err: error }, 'server render: a part is left to the browser'),
          onStopped: (error) =>
            app.log.error({ err: error }, 'server render: a render worker was stopped'),
          onUnavailable: (error) => {
            metrics.serverRenderUnavailable.set(1);
            app.log.error({ err: error }, 'server render: no render worker can start');
          },
          onRelease: (remote, release, outcome) => {
            if (!isRemoteName(remote)) return;
            const label = book.label(remote, releaseOfManifest(manifestOfKey(release)));
            metrics.releases.inc({ slice: remote, release: label, outcome });
          },
        })
      : undefined);
  const renderHealth = renderer?.health;
  if (renderHealth) options.health?.watchServerRender(() => renderHealth());
  // The workers end with the server (a deploy, a test).
  app.addHook('onClose', async () => renderer?.close());

  // The provider's API and its files (CMS images are paths on the provider, decision 023),
  // through the customer's session (decision 027). Unreachable, it answers in the contract's
  // error shape, so the client shows its usual Georgian message.
  const gateway = await registerProviderGateway(app, {
    upstream: options.apiUpstream,
    prefixes: providerPaths(options.env).map((folder) => folder.replace(/\/$/, '')),
    keys: sessionKeys(options.env),
    limits: sessionLimitsFromEnv(options.env),
    unreachableBody: { detail: ka.errors.providerUnavailable, code: 'provider_unavailable' },
    tooLargeBody: { detail: ka.errors.requestTooLarge, code: 'request_too_large' },
    ...(options.providerTimeouts ? { timeouts: options.providerTimeouts } : {}),
    ...(options.env.PROXY_SECRET ? { proxySecret: options.env.PROXY_SECRET } : {}),
    onCall: (source, status, seconds) =>
      metrics.providerCalls.observe({ source, outcome: providerOutcome(status) }, seconds),
  });

  /**
   * A page rendered on the server: a visitor's whole, a customer's with their data, asked with
   * the session this server holds (issue 29; a worker never sees it). Any page whose render
   * fails is the browser's.
   */
  const serverRender = async (
    request: FastifyRequest,
    config: RuntimeConfig,
    session: PageSession,
  ) => {
    if (!renderer) return undefined;
    // The same page under another path would differ from what the browser's router renders.
    if (request.url.split('?')[0] === '/index.html') return undefined;
    const audience = session.kind === 'open' ? 'customer' : 'visitor';
    try {
      const rendered = await renderer.render(
        request.url,
        config,
        audience,
        session.kind === 'open' ? session.fetch : undefined,
      );
      if (rendered.kind === 'page') {
        for (const { slot, outcome, ms } of rendered.outcomes) {
          const labels = { ...slotRelease(config, slot), slot };
          metrics.slotRender.observe(labels, ms / 1000);
          if (outcome !== 'rendered') metrics.slotFallbacks.inc({ ...labels, reason: outcome });
        }
      }
      if (rendered.kind !== 'page') return rendered.kind === 'browser' ? undefined : rendered;
      // When opening the page counted as the customer's activity, the page is told the
      // session's clocks with it, and records them instead of reporting its opening.
      const clocks = session.kind === 'open' ? session.clocks() : undefined;
      return clocks ? { ...rendered, state: { ...rendered.state, session: clocks } } : rendered;
    } catch (error) {
      request.log.error({ err: error }, 'server render failed: the browser renders the page');
      return undefined;
    }
  };

  // Read per request: a redeployed host answers with its new page without a restart.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const template = await readFile(path.join(options.root, 'index.html'), 'utf8');
    const { config, cookies: bucket } = configFor(request);
    const pathname = request.url.split('?')[0] ?? '/';
    // A session the server ended (idle, too old, unreadable) is a visitor's page, its cookies
    // cleared: the browser then agrees, and says why at its next call.
    const session = await gateway.pageSession(request);
    const customer = session.kind === 'open';
    const hinted =
      options.preloadRemotes === false ? [] : remotesToHint(config, routeOf(pathname), customer);
    const headers = pageHeaders(config, request.protocol === 'https');
    const rendered = await serverRender(request, config, session);
    const cookies = [...(await session.cookies()), ...bucket];
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    metrics.timeToFirstByte.observe(
      { route: routeOf(pathname)?.id ?? 'not-found' },
      reply.elapsedTime / 1000,
    );
    if (rendered?.kind === 'redirect') {
      return reply.code(rendered.status).header('Location', rendered.location).send();
    }
    return sendHtml(
      request,
      reply,
      rendered?.status ?? status,
      renderIndexHtml(template, config, hinted, rendered, rum.issueView(config)),
      // A customer's page is theirs alone: no cache, shared or the browser's own, keeps it.
      customer || session.kind === 'ended'
        ? { ...headers, 'Cache-Control': 'private, no-store' }
        : // With a canary the page is the visitor's bucket's: no shared cache may keep it.
          hasCanary(deployed())
          ? { ...headers, 'Cache-Control': 'private, no-cache' }
          : headers,
    );
  };

  // The browser's reports of what the page's CSP blocked: logged, for the team to read. A
  // report is small; a large body is not a report.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, undefined);
      }
    },
  );
  app.post(CSP_REPORT_PATH, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    request.log.warn({ report: request.body }, 'Content-Security-Policy violation');
    return reply.code(204).send();
  });
  app.get('/', (request, reply) => sendPage(request, reply, 200));
  app.get('/index.html', (request, reply) => sendPage(request, reply, 200));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing file is a plain 404: answering it with HTML would hide a failed chunk.
    if (path.extname(pathname) !== '') return reply.code(404).type('text/plain').send('Not found');
    return sendPage(request, reply, isKnownPath(pathname) ? 200 : 404);
  });

  // Ready when it can render: a balancer sends a page server pages as soon as it listens, and
  // each page before its workers had loaded the render bundle was the browser's to render. A
  // renderer that cannot start leaves them so, as before, once the allowance is spent.
  if (renderer) {
    await readyWithin(renderer, options.rendererStartAllowanceMs ?? RENDERER_START_ALLOWANCE_MS);
  }
  return app;
}
