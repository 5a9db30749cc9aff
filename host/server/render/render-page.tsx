import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { getAdapter } from 'axios';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router-dom';
import { apiClient } from 'shared/api/api-client';
import { ServerLoggedInContext } from 'shared/auth/server-logged-in';
import { setProviderSite } from 'shared/lib/site-urls';
import { loanLimitQuery, loansQuery, userQuery } from 'shared/query/account-queries';
import type { RemoteModuleId } from 'tooling/remotes';
import { AppProviders } from '../../src/app/app-providers';
import {
  ServerAccountContext,
  ServerAudienceContext,
  ServerRenderedSlotsContext,
} from '../../src/app/page-audience';
import { PAGE_SLOTS, type SlotPage } from '../../src/app/pages/page-slots';
import { routeOf } from '../../src/app/route-table';
import { buildRoutes } from '../../src/app/router';
import type { Audience, PageState, SerializedRouteError } from '../../src/contract/page-state';
import { providerSite, type RuntimeConfig } from '../../src/contract/runtime-config';
import type { RemoteModule, RemoteModuleMap } from '../../src/federation/remote-modules';
import type { LoadRemoteModule } from '../../src/slots/remote-loader';
import { sliceReleases } from '../../src/telemetry/slice-releases';
import { type CustomerFetch, customerAnswers, withCustomerAnswers } from './customer-answers';
import { cachePublicAnswers } from './public-answer-cache';
import { renderToHtml } from './render-to-html';

/** How long the server keeps a public answer of the provider's (decision 020). */
const PUBLIC_ANSWER_TTL_MS = 10_000;

export { sharedScope } from 'ssr-shared-scope';

/**
 * How long the server waits for one answer of the provider's. A page is sent at its deadline
 * whatever its slots wait for, but the answer is shared with the pages after it (the cache
 * above): it may take longer than one page's budget, never a socket held for good (issue 28).
 */
export const PROVIDER_ANSWER_TIMEOUT_MS = 2_000;

/**
 * Where the slices' API calls go on the server: a visitor's straight to the provider, never
 * with a session, their public answers kept briefly; a customer's to the page server, which
 * asks with their session (customer-answers); each given up after `timeoutMs`.
 */
export function setProviderAddress(baseURL: string, timeoutMs = PROVIDER_ANSWER_TIMEOUT_MS): void {
  apiClient.defaults.adapter = customerAnswers(
    cachePublicAnswers(getAdapter(apiClient.defaults.adapter), PUBLIC_ANSWER_TTL_MS),
  );
  // Per request, not the default: what a slice renders from the default (an image's address
  // on the provider) must read as it does in the browser, where the API is on the same origin.
  apiClient.interceptors.request.use((config) => ({ ...config, baseURL, timeout: timeoutMs }));
}

/** A slot's module as the server has it: the module, and the release it came from. */
export interface ServerSlotModule<Id extends RemoteModuleId = RemoteModuleId> {
  module: RemoteModuleMap[Id];
  release: string;
}

export interface RenderPageOptions {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /**
   * Whom the page is for: a customer's page is rendered with their data when `customerFetch`
   * is given and their account answers in time, else it is the shell and every slot's
   * reserved place, their data the browser's to load.
   */
  audience: Audience;
  /** Asks the provider with the customer's session (the page server holds it; decision 027). */
  customerFetch?: CustomerFetch;
  config: RuntimeConfig;
  /** A slot's module from its remote's current release (host/server/releases/remote-releases). */
  loadSlot: <Id extends RemoteModuleId>(id: Id) => Promise<ServerSlotModule<Id>>;
  /** When the page must be sent: slots and data not ready by then are left to the browser. */
  deadline: number;
  /** A server render's error, for the log (the page is still sent). */
  onError?: (error: unknown) => void;
  /**
   * Told when a slice's code begins and ends running synchronously in this render, so the
   * render worker's pool can name the slot whose code never yields (host/server/render/render-pool).
   */
  onSliceCode?: (slot: RemoteModuleId, release: string, phase: 'enter' | 'leave') => void;
}

/**
 * What became of a slot the page wanted from the server (the page server's metrics, decision
 * 029): rendered, late for the page's deadline, failed (its code or answers), or the browser's by
 * design (a customer's slot its release cannot render with their data); and how long it took.
 */
export interface SlotOutcome {
  slot: RemoteModuleId;
  outcome: 'rendered' | 'late' | 'failed' | 'browser';
  ms: number;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  /** A page the server does not render: the browser does, as before (a customer's guarded route). */
  | { kind: 'browser' }
  | {
      kind: 'page';
      status: number;
      html: string;
      state: PageState;
      slots: RemoteModuleId[];
      outcomes: SlotOutcome[];
    };

/**
 * A slot the server does not render, by design (a customer's, a form that needs its script)
 * or because it was not ready whole: not a failure, so not logged as one.
 */
class LeftToBrowser extends Error {
  override readonly name = 'LeftToBrowser';
  constructor(id: RemoteModuleId) {
    super(`${id} is left to the browser`);
  }
}

/** Settles with the promise's value, or undefined once the deadline passes or it fails. */
function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | undefined> {
  return settledBy(promise, deadline).then((settled) =>
    settled.kind === 'value' ? settled.value : undefined,
  );
}

type Settled<T> = { kind: 'value'; value: T } | { kind: 'failed' } | { kind: 'late' };

/** How the promise settled by the deadline: its value, failed, or not yet. */
function settledBy<T>(promise: Promise<T>, deadline: number): Promise<Settled<T>> {
  const left = Math.max(0, deadline - Date.now());
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'late' }), left);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ kind: 'value', value });
      },
      () => {
        clearTimeout(timer);
        resolve({ kind: 'failed' });
      },
    );
  });
}

/**
 * What a customer's slot prefetches: its customer's answers. A slot visitors see too names
 * them apart (`prefetchCustomerOnServer`); its `prefetchOnServer` is the visitor's, and a
 * release without the customer's is rendered for visitors only.
 */
function customerPrefetch(
  module: ServerSlotModule['module'],
  sharedWithVisitors: boolean,
): RemoteModule['prefetchOnServer'] {
  return sharedWithVisitors ? module.prefetchCustomerOnServer : module.prefetchOnServer;
}

/**
 * The modules of a visitor's page, and the public answers they render with, fetched before
 * the render: the slot table names the slots, each slice's `prefetchOnServer` what it needs.
 */
async function prepareSlots(
  options: RenderPageOptions,
  page: SlotPage | undefined,
  queryClient: QueryClient,
): Promise<PreparedSlots> {
  const customer = options.audience === 'customer';
  // A customer's slots that show their data whole (the slot table says which); their
  // conditions are decided by the account, which the page has by now.
  const slots = page
    ? PAGE_SLOTS[page][options.audience].filter((slot) =>
        customer ? slot.withDataOnServer : !slot.when && !slot.browserOnly,
      )
    : [];
  const url = new URL(options.url, 'http://page.invalid');
  const sharedWithVisitors = new Set(page ? PAGE_SLOTS[page].visitor.map((slot) => slot.id) : []);
  const ready = new Map<RemoteModuleId, ServerSlotModule>();
  const queries = new Map<RemoteModuleId, string[]>();
  const outcomes: SlotOutcome[] = [];
  await Promise.all(
    slots.map(async ({ id }) => {
      const started = Date.now();
      const outcome = (kind: SlotOutcome['outcome']) => {
        outcomes.push({ slot: id, outcome: kind, ms: Date.now() - started });
      };
      // A slot whose code or answers failed is left to the browser, and the team is told.
      const reported = <T,>(promise: Promise<T>) =>
        promise.catch((error: unknown) => {
          options.onError?.(error);
          throw error;
        });
      const settled = await settledBy(reported(options.loadSlot(id)), options.deadline);
      if (settled.kind !== 'value') return outcome(settled.kind);
      const loaded = settled.value;
      const prefetch = customer
        ? customerPrefetch(loaded.module, sharedWithVisitors.has(id))
        : loaded.module.prefetchOnServer;
      // A customer's slot shows their data: without a prefetch it would render a loading state.
      if (customer && !prefetch) return outcome('browser');
      if (prefetch) {
        // Each slice's answers apart first, so the page can say which are whose: a browser
        // that renders a slot afresh (another release) drops them (server-rendered-slots).
        // Seeded with what the page already has (a customer's account): asked once a page, the
        // answers count as fresh for the render, and stay the page's, not this slice's.
        const own = new QueryClient({
          defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
        });
        const seeded = dehydrate(queryClient);
        hydrate(own, seeded);
        const pageOwn = new Set(seeded.queries.map((query) => query.queryHash));
        options.onSliceCode?.(id, loaded.release, 'enter');
        let prefetched: Promise<void>;
        try {
          prefetched = prefetch(own, url.searchParams);
        } catch (error) {
          prefetched = Promise.reject(error);
        } finally {
          options.onSliceCode?.(id, loaded.release, 'leave');
        }
        const done = await settledBy(reported(prefetched), options.deadline);
        // A slot is sent whole or not at all: one still waiting for an answer, or showing a
        // failed one, would send a loading or error state the browser must redo (its skeleton's
        // inline size refused by the CSP, its markup not what the browser renders).
        const answered = own
          .getQueryCache()
          .getAll()
          .every((query) => query.state.status === 'success');
        if (done.kind !== 'value') return outcome(done.kind);
        if (!answered) return outcome('failed');
        const answers = dehydrate(own);
        hydrate(queryClient, answers);
        queries.set(
          id,
          answers.queries.map((query) => query.queryHash).filter((hash) => !pageOwn.has(hash)),
        );
      }
      ready.set(id, loaded);
      outcome('rendered');
    }),
  );
  return { ready, queries, outcomes };
}

interface PreparedSlots {
  ready: Map<RemoteModuleId, ServerSlotModule>;
  queries: Map<RemoteModuleId, string[]>;
  outcomes: SlotOutcome[];
}

const NOTHING_PREPARED: PreparedSlots = { ready: new Map(), queries: new Map(), outcomes: [] };

/**
 * A customer's page with their data (issue 29): first the account the page is decided by (who
 * they are, their loans: whether they are applying, whether verification is left), then each
 * slot's own answers. An account not known by the deadline leaves the whole page's data to the
 * browser, as before; a limit that failed is no limit (spec §7).
 */
async function prepareCustomer(
  options: RenderPageOptions,
  page: SlotPage | undefined,
  queryClient: QueryClient,
): Promise<PreparedSlots & { account: boolean }> {
  const asked = Promise.all([
    queryClient.prefetchQuery(userQuery),
    queryClient.prefetchQuery(loanLimitQuery),
    queryClient.prefetchQuery(loansQuery),
  ]);
  const answered = await beforeDeadline(
    asked.then(() => true),
    options.deadline,
  );
  const known = [userQuery.queryKey, loansQuery.queryKey].every(
    (key) => queryClient.getQueryState(key)?.status === 'success',
  );
  if (!answered || !known) {
    queryClient.clear();
    return { ...NOTHING_PREPARED, account: false };
  }
  if (queryClient.getQueryState(loanLimitQuery.queryKey)?.status !== 'success') {
    queryClient.removeQueries({ queryKey: loanLimitQuery.queryKey });
  }
  return { ...(await prepareSlots(options, page, queryClient)), account: true };
}

/** Says a slot's code is done: React renders it right after the slot's own tree. */
function SliceCodeLeft({ onRender }: { onRender: () => void }) {
  onRender();
  return null;
}

/**
 * The slot's module with its component announced: React renders a component's children right
 * after it, so a slot's code runs between the two marks (nothing is added to the markup).
 */
function traced(
  id: RemoteModuleId,
  slot: ServerSlotModule,
  onSliceCode: NonNullable<RenderPageOptions['onSliceCode']>,
): RemoteModuleMap[RemoteModuleId] {
  const Slice = slot.module.default;
  const leave = () => onSliceCode(id, slot.release, 'leave');
  // biome-ignore lint/correctness/noComponentHookFactories: one per slot and server render, stateless.
  const Traced = () => {
    onSliceCode(id, slot.release, 'enter');
    return (
      <>
        <Slice />
        <SliceCodeLeft onRender={leave} />
      </>
    );
  };
  return { ...slot.module, default: Traced };
}

/** Route errors as data the page can carry (a RouteErrorResponse's fields). */
function serializeErrors(
  errors: Record<string, unknown> | null,
): Record<string, SerializedRouteError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([route, error]) => [
      route,
      isRouteErrorResponse(error)
        ? { status: error.status, statusText: error.statusText, data: error.data }
        : { status: 500, statusText: 'Internal Server Error', data: null },
    ]),
  );
}

/**
 * A visitor's page rendered on the server (decision 020): the host's shell and route with
 * each slot from its slice's current release, the public answers they show, and the state
 * the browser hydrates with.
 */
export async function renderPage(options: RenderPageOptions): Promise<RenderedPage> {
  // The page's configuration, not the server's: the browser judges the provider's addresses
  // by the same one when it hydrates this page.
  setProviderSite(providerSite(options.config));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pathname = options.url.split('?')[0] ?? '/';
  const route = routeOf(pathname);
  const page = route && Object.hasOwn(PAGE_SLOTS, route.id) ? (route.id as SlotPage) : undefined;
  const customer = options.audience === 'customer';
  // A route's middleware decides by the session, which only the browser's auth store knows.
  const guarded = route
    ? [...route.middleware, ...(options.config.routeMiddleware[route.path] ?? [])].length > 0
    : false;
  if (customer && guarded) return { kind: 'browser' };
  const { customerFetch } = options;
  const { ready, queries, outcomes, account } = !customer
    ? { ...(await prepareSlots(options, page, queryClient)), account: false }
    : customerFetch
      ? await withCustomerAnswers(customerFetch, () => prepareCustomer(options, page, queryClient))
      : { ...NOTHING_PREPARED, account: false };

  const handler = createStaticHandler(buildRoutes(options.config));
  const context = await handler.query(new Request(new URL(options.url, 'http://page.invalid')));
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // Only a slot prepared whole is rendered here; any other is its reserved place, which React
  // marks for the browser to render. Every slot of a customer's page shows their data.
  const loadRemote = (async (id: RemoteModuleId) => {
    const slot = ready.get(id);
    if (!slot) throw new LeftToBrowser(id);
    return options.onSliceCode ? traced(id, slot, options.onSliceCode) : slot.module;
  }) as LoadRemoteModule;

  const html = await renderToHtml(
    <ServerAudienceContext value={options.audience}>
      <ServerLoggedInContext value={customer}>
        <ServerAccountContext value={account}>
          <ServerRenderedSlotsContext value={new Set(ready.keys())}>
            <AppProviders
              queryClient={queryClient}
              loadRemote={loadRemote}
              releases={sliceReleases(options.config.remotes)}
            >
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </ServerRenderedSlotsContext>
        </ServerAccountContext>
      </ServerLoggedInContext>
    </ServerAudienceContext>,
    options.deadline,
    (error) => {
      if (!(error instanceof LeftToBrowser)) options.onError?.(error);
    },
  );
  const slots = Object.fromEntries(
    [...ready].map(([id, slot]) => [id, { release: slot.release, queries: queries.get(id) ?? [] }]),
  );
  return {
    kind: 'page',
    status: context.statusCode,
    html,
    state: {
      audience: options.audience,
      queries: dehydrate(queryClient),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeErrors(context.errors),
      },
      slots,
    },
    slots: [...ready.keys()],
    outcomes,
  };
}
