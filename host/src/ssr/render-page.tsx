import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { getAdapter } from 'axios';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router-dom';
import { apiClient } from 'shared/api/api-client';
import type { RemoteModuleId } from 'tooling/remotes';
import { AppProviders } from '../app/app-providers';
import { PAGE_SLOTS, type SlotPage } from '../app/pages/page-slots';
import { routeOf } from '../app/route-table';
import { buildRoutes } from '../app/router';
import type { LoadRemoteModule } from '../federation/remote-loader';
import type { RemoteModuleMap } from '../federation/remote-modules';
import type { RuntimeConfig } from '../federation/runtime-config';
import type { PageState, SerializedRouteError } from './page-state';
import { cachePublicAnswers } from './public-answer-cache';
import { renderToHtml } from './render-to-html';

/** How long the server keeps a public answer of the provider's (decision 020). */
const PUBLIC_ANSWER_TTL_MS = 10_000;

export { sharedScope } from 'ssr-shared-scope';

/**
 * Where the slices' API calls go on the server: straight to the provider, never with a
 * session (the server renders a visitor's page only), their public answers kept briefly.
 */
export function setProviderAddress(baseURL: string): void {
  apiClient.defaults.adapter = cachePublicAnswers(
    getAdapter(apiClient.defaults.adapter),
    PUBLIC_ANSWER_TTL_MS,
  );
  // Per request, not the default: what a slice renders from the default (an image's address
  // on the provider) must read as it does in the browser, where the API is on the same origin.
  apiClient.interceptors.request.use((config) => ({ ...config, baseURL }));
}

/** A slot's module as the server has it: the module, and the release it came from. */
export interface ServerSlotModule<Id extends RemoteModuleId = RemoteModuleId> {
  module: RemoteModuleMap[Id];
  release: string;
}

export interface RenderPageOptions {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  config: RuntimeConfig;
  /** A slot's module from its remote's current release (host/server/remote-releases). */
  loadSlot: <Id extends RemoteModuleId>(id: Id) => Promise<ServerSlotModule<Id>>;
  /** When the page must be sent: slots and data not ready by then are left to the browser. */
  deadline: number;
  /** A server render's error, for the log (the page is still sent). */
  onError?: (error: unknown) => void;
}

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; state: PageState; slots: RemoteModuleId[] };

/** Settles with the promise's value, or undefined once the deadline passes. */
function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | undefined> {
  const left = Math.max(0, deadline - Date.now());
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), left);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/**
 * The modules of a visitor's page, and the public answers they render with, fetched before
 * the render: the slot table names the slots, each slice's `prefetchOnServer` what it needs.
 */
async function prepareSlots(
  options: RenderPageOptions,
  page: SlotPage | undefined,
  queryClient: QueryClient,
): Promise<{
  ready: Map<RemoteModuleId, ServerSlotModule>;
  queries: Map<RemoteModuleId, string[]>;
}> {
  const slots = page ? PAGE_SLOTS[page].visitor.filter((slot) => !slot.when) : [];
  const url = new URL(options.url, 'http://page.invalid');
  const ready = new Map<RemoteModuleId, ServerSlotModule>();
  const queries = new Map<RemoteModuleId, string[]>();
  await Promise.all(
    slots.map(async ({ id }) => {
      const loaded = await beforeDeadline(options.loadSlot(id), options.deadline);
      if (!loaded) return;
      const prefetch = loaded.module.prefetchOnServer;
      if (prefetch) {
        // Each slice's answers apart first, so the page can say which are whose: a browser
        // that renders a slot afresh (another release) drops them (server-rendered-slots).
        const own = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        await beforeDeadline(prefetch(own, url.searchParams), options.deadline);
        const answers = dehydrate(own);
        hydrate(queryClient, answers);
        queries.set(
          id,
          answers.queries.map((query) => query.queryHash),
        );
      }
      ready.set(id, loaded);
    }),
  );
  return { ready, queries };
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
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pathname = options.url.split('?')[0] ?? '/';
  const route = routeOf(pathname);
  const page = route && Object.hasOwn(PAGE_SLOTS, route.id) ? (route.id as SlotPage) : undefined;
  const { ready, queries } = await prepareSlots(options, page, queryClient);

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
  const loadRemote = (async (id: RemoteModuleId) => {
    const slot = ready.get(id) ?? (await beforeDeadline(options.loadSlot(id), options.deadline));
    // Past the deadline the slot is the browser's: React sends its reserved place.
    if (!slot) {
      throw new Error(
        `${id} is left to the browser: its release has no server code, or it failed or was late`,
      );
    }
    ready.set(id, slot);
    return slot.module;
  }) as LoadRemoteModule;

  const html = await renderToHtml(
    <AppProviders queryClient={queryClient} loadRemote={loadRemote}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
    options.deadline,
    options.onError ?? (() => {}),
  );
  const slots = Object.fromEntries(
    [...ready].map(([id, slot]) => [id, { release: slot.release, queries: queries.get(id) ?? [] }]),
  );
  return {
    kind: 'page',
    status: context.statusCode,
    html,
    state: {
      queries: dehydrate(queryClient),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeErrors(context.errors),
      },
      slots,
    },
    slots: [...ready.keys()],
  };
}
