import { type DehydratedState, dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { getAdapter } from 'axios';
import { PAGE_SLOTS, type SlotPage } from 'release-contract/page-slots';
import type { RemoteModuleId } from 'release-contract/remotes';
import { routeOf } from 'release-contract/routes';
import {
  paymentPageOrigins,
  providerSite,
  type RuntimeConfig,
} from 'release-contract/runtime-config';
import { apiClient } from 'shared/api/api-client';
import { setPaymentPageOrigins } from 'shared/lib/payment-page';
import { setProviderSite } from 'shared/lib/site-urls';
import { loanLimitQuery, loansQuery, userQuery } from 'shared/query/account-queries';
import { unreadCountQuery } from 'shared/query/unread-count';
import { sharedScope } from 'ssr-shared-scope';
import { renderToHtml } from '../app/render-to-html';
import type { RemoteModule } from '../federation/remote-modules';
import type { LoadRemoteModule } from '../slots/remote-loader';
import { cutSlotMarkup } from '../slots/slot-markup';
import { customerAnswers, publicAnswers, withCustomerAnswers } from './customer-answers';
import { PageTree, type PageTreeOptions, routeContext, routerState } from './page-tree';
import { cachePublicAnswers } from './public-answer-cache';
import type {
  CustomerFetch,
  Dehydrated,
  HostServerEntry,
  PrepareAccountOptions,
  RenderedShell,
  RenderShellOptions,
  RenderSlotsOptions,
  ServerSlotModule,
  SlotResult,
} from './render-entry';

export type { ServerSlotModule } from './render-entry';

/*
 * The host's server entry (decisions 032, 045): what the render workers run, built by the
 * host's own build to `dist-server/render-page.cjs` and loaded by the page server's workers at
 * run time, as a slice's server bundle is. The page server asks each part of a page of the
 * worker that may run its code: the customer's account and the page around the slots of the
 * host's worker (no slice's code in it), each slice's slots of that slice's worker. Each part is
 * a function here (its interface: `render-entry.ts`); the page server puts the page together.
 */

/** How long the server keeps a public answer of the provider's (decision 020). */
const PUBLIC_ANSWER_TTL_MS = 10_000;

export { sharedScope };

/**
 * How long the server waits for one answer of the provider's. A page is sent at its deadline
 * whatever its slots wait for, but the answer is shared with the pages after it (the cache
 * above): it may take longer than one page's budget, never a socket held for good (issue 28).
 */
export const PROVIDER_ANSWER_TIMEOUT_MS = 2_000;

/**
 * Where the slices' API calls go on the server: a visitor's to the provider, never with a
 * session, their public answers kept briefly; a customer's to the page server, which asks with
 * their session (customer-answers); each given up after `timeoutMs`. In a render worker, which
 * has no network, a visitor's go through the page server too (`publicFetch`).
 */
export function setProviderAddress(
  baseURL: string,
  timeoutMs = PROVIDER_ANSWER_TIMEOUT_MS,
  publicFetch?: CustomerFetch,
): void {
  const provider = publicFetch
    ? publicAnswers(publicFetch)
    : getAdapter(apiClient.defaults.adapter);
  apiClient.defaults.adapter = customerAnswers(cachePublicAnswers(provider, PUBLIC_ANSWER_TTL_MS));
  // Per request, not the default: what a slice renders from the default (an image's address
  // on the provider) must read as it does in the browser, where the API is on the same origin.
  apiClient.interceptors.request.use((config) => ({ ...config, baseURL, timeout: timeoutMs }));
}

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

/** A part's answers as the protocol carries them, as TanStack Query takes them (its own dehydrate's). */
const asState = (answers: Dehydrated) => answers as unknown as DehydratedState;

/** What a render judges addresses by: the provider's files and the bank's page, as configured. */
function knowSite(config: RuntimeConfig): void {
  setProviderSite(providerSite(config));
  setPaymentPageOrigins(paymentPageOrigins(config));
}

const renderClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * A customer's account, which their page is decided by (issue 29): who they are and their
 * loans (whether they are applying, whether verification is left), and their limit. Not known
 * by the deadline, the page's data is the browser's; a limit that failed is no limit (spec §7).
 */
export async function prepareAccount(
  options: PrepareAccountOptions,
): Promise<{ known: boolean; state: Dehydrated }> {
  knowSite(options.config);
  const queryClient = renderClient();
  const asked = withCustomerAnswers(options.customerFetch, () =>
    Promise.all([
      queryClient.prefetchQuery(userQuery),
      queryClient.prefetchQuery(loanLimitQuery),
      queryClient.prefetchQuery(loansQuery),
      queryClient.prefetchQuery(unreadCountQuery),
    ]),
  );
  const answered = await settledBy(asked, options.deadline);
  const known = [userQuery.queryKey, loansQuery.queryKey].every(
    (key) => queryClient.getQueryState(key)?.status === 'success',
  );
  if (answered.kind !== 'value' || !known) {
    return { known: false, state: { queries: [], mutations: [] } };
  }
  // A limit or an unread count (v1.4) that failed is not sent: the browser asks for it.
  for (const { queryKey } of [loanLimitQuery, unreadCountQuery]) {
    if (queryClient.getQueryState(queryKey)?.status !== 'success') {
      queryClient.removeQueries({ queryKey });
    }
  }
  return { known: true, state: dehydrate(queryClient) as Dehydrated };
}

/**
 * What a customer's slot prefetches: its customer's answers. A slot visitors see too names
 * them apart (`prefetchCustomerOnServer`); its `prefetchOnServer` is the visitor's, and a
 * release without the customer's is rendered for visitors only.
 */
function prefetchFor(
  module: ServerSlotModule['module'],
  customer: boolean,
  sharedWithVisitors: boolean,
): RemoteModule['prefetchOnServer'] {
  if (!customer) return module.prefetchOnServer;
  return sharedWithVisitors ? module.prefetchCustomerOnServer : module.prefetchOnServer;
}

interface Prepared {
  loaded: ServerSlotModule;
  /** The answers its own prefetch asked for, not the page's account. */
  answers: Dehydrated;
}

/**
 * One slot's module and the answers it renders with, by the deadline (decision 020). A slot is
 * sent whole or not at all: one still waiting for an answer, or showing a failed one, would
 * send a loading or error state the browser must redo.
 */
async function prepareSlot(
  id: RemoteModuleId,
  options: RenderSlotsOptions,
  page: QueryClient,
  sharedWithVisitors: boolean,
): Promise<{ outcome: SlotResult['outcome']; prepared?: Prepared }> {
  const reported = <T,>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      options.onError?.(error);
      throw error;
    });
  const settled = await settledBy(reported(options.loadSlot(id)), options.deadline);
  if (settled.kind !== 'value') return { outcome: settled.kind };
  const loaded = settled.value;
  const customer = options.audience === 'customer';
  const prefetch = prefetchFor(loaded.module, customer, sharedWithVisitors);
  // A customer's slot shows their data: without a prefetch it would render a loading state.
  if (customer && !prefetch) return { outcome: 'browser' };
  if (!prefetch) return { outcome: 'rendered', prepared: { loaded, answers: EMPTY } };
  // Each slot's answers apart, so the page can say which are whose: a browser that renders a
  // slot afresh (another release) drops them (server-rendered-slots). Seeded with the page's
  // account: asked once a page, those count as fresh, and stay the page's.
  const own = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const seeded = dehydrate(page);
  hydrate(own, seeded);
  const pageOwn = new Set(seeded.queries.map((query) => query.queryHash));
  let prefetched: Promise<void>;
  try {
    prefetched = prefetch(own, new URL(options.url, 'http://page.invalid').searchParams);
  } catch (error) {
    prefetched = Promise.reject(error);
  }
  const done = await settledBy(reported(prefetched), options.deadline);
  if (done.kind !== 'value') return { outcome: done.kind };
  const answered = own
    .getQueryCache()
    .getAll()
    .every((query) => query.state.status === 'success');
  if (!answered) return { outcome: 'failed' };
  const answers = dehydrate(own);
  return {
    outcome: 'rendered',
    prepared: {
      loaded,
      answers: {
        queries: answers.queries.filter((query) => !pageOwn.has(query.queryHash)),
        mutations: [],
      },
    },
  };
}

const EMPTY: Dehydrated = { queries: [], mutations: [] };

/** The page's tree in HTML with these slots' modules; every other slot is left to the browser. */
function renderWith(
  tree: Omit<PageTreeOptions, 'ready' | 'loadRemote'>,
  modules: ReadonlyMap<RemoteModuleId, RemoteModule>,
  deadline: number,
  onError?: (error: unknown) => void,
): Promise<string> {
  const loadRemote = (async (id: RemoteModuleId) => {
    const module = modules.get(id);
    if (!module) throw new LeftToBrowser(id);
    return module;
  }) as LoadRemoteModule;
  return renderToHtml(
    <PageTree {...tree} ready={new Set(modules.keys())} loadRemote={loadRemote} />,
    deadline,
    (error) => {
      if (!(error instanceof LeftToBrowser)) onError?.(error);
    },
  );
}

/** The slots a visitor's page at this address shows (a customer's slot that is one names its own prefetch apart). */
function visitorSlotsOf(url: string): RemoteModuleId[] {
  const route = routeOf(url.split('?')[0] ?? '/');
  if (!route || !Object.hasOwn(PAGE_SLOTS, route.id)) return [];
  return PAGE_SLOTS[route.id as SlotPage].visitor.map((slot) => slot.id);
}

/**
 * This slice's slots of a page, each cut out of the whole page as the slice renders it: the
 * host's page around it, its own slots with their answers, every other slice's left empty.
 */
export async function renderSlots(options: RenderSlotsOptions): Promise<SlotResult[]> {
  knowSite(options.config);
  const page = renderClient();
  if (options.account) hydrate(page, asState(options.account));
  const visitorSlots = new Set(visitorSlotsOf(options.url));
  const work = () =>
    Promise.all(
      options.slots.map(async (id) => ({
        id,
        ...(await prepareSlot(id, options, page, visitorSlots.has(id))),
      })),
    );
  const prepared =
    options.audience === 'customer' && options.customerFetch
      ? await withCustomerAnswers(options.customerFetch, work)
      : await work();
  const ready = new Map(
    prepared.flatMap(({ id, prepared: slot }) => (slot ? [[id, slot] as const] : [])),
  );
  const route = ready.size > 0 ? await routeContext(options.url, options.config) : undefined;
  if (!route) {
    return prepared.map(({ id, outcome }) => ({
      slot: id,
      outcome: outcome === 'rendered' ? 'browser' : outcome,
    }));
  }
  for (const slot of ready.values()) hydrate(page, asState(slot.answers));
  const html = await renderWith(
    {
      audience: options.audience,
      account: options.account !== null,
      config: options.config,
      queryClient: page,
      route,
      seam: options.seam,
    },
    new Map([...ready].map(([id, slot]) => [id, slot.loaded.module])),
    options.deadline,
    options.onError,
  );
  return prepared.map(({ id, outcome }): SlotResult => {
    const slot = ready.get(id);
    if (!slot) return { slot: id, outcome };
    const markup = cutSlotMarkup(html, id, options.seam);
    if (markup === undefined) return { slot: id, outcome: 'failed' };
    return {
      slot: id,
      outcome: 'rendered',
      html: markup,
      release: slot.loaded.release,
      queries: slot.answers,
      styles: [...(slot.loaded.styles ?? [])],
    };
  });
}

/**
 * The page around its slots, by the host's own code: each ready slot's place holds its token,
 * every other slot its reserved place for the browser. Null when the route redirects (the page
 * server decides redirects itself).
 */
export async function renderShell(options: RenderShellOptions): Promise<RenderedShell | null> {
  knowSite(options.config);
  const route = await routeContext(options.url, options.config);
  if (!route) return null;
  const queryClient = renderClient();
  if (options.account) hydrate(queryClient, asState(options.account));
  const html = await renderWith(
    {
      audience: options.audience,
      account: options.account !== null,
      config: options.config,
      queryClient,
      route,
    },
    new Map(options.ready.map((id, index) => [id, { default: () => options.token(index) }])),
    options.deadline,
    options.onError,
  );
  return { status: route.context.statusCode, html, router: routerState(route.context) };
}

// The file the workers load is this module: it must be the interface they are written against.
({
  setProviderAddress,
  prepareAccount,
  renderSlots,
  renderShell,
  sharedScope,
}) satisfies HostServerEntry;
