import 'shared/styles/fonts.css';
import 'shared/styles/tokens.css';
import 'shared/styles/base.css';
import { hashKey, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  type HydrationState,
  matchRoutes,
  type RouteObject,
  RouterProvider,
} from 'react-router-dom';
import type { RemoteModuleId } from 'release-contract/remotes';
import { routeOf } from 'release-contract/routes';
import { setSessionTiming } from 'release-contract/session-timing';
import { useAuthStore } from 'shared/auth/auth-store';
import { setPaymentPageOrigins } from 'shared/lib/payment-page';
import { setProviderSite } from 'shared/lib/site-urls';
import { accountKeys, prefetchAccount } from 'shared/query/account-queries';
import { queryClient } from 'shared/query/query-client';
import { AppProviders } from './app/app-providers';
import { openedWithServerClock } from './app/components/use-activity-reports';
import { ServerAccountContext, ServerRenderedSlotsContext } from './app/page-audience';
import { buildRoutes } from './app/router';
import './federation/first-screen-shares';
import { type PageState, readPageState } from 'release-contract/page-state';
import { HOST_RELEASE } from 'release-contract/rum-events';
import {
  loadRuntimeConfig,
  paymentPageOrigins,
  providerSite,
  type RuntimeConfig,
  rumSampleRate,
  sessionTiming,
} from 'release-contract/runtime-config';
import { loadRemoteModule, registerConfiguredRemotes } from './federation/register-remotes';
import { isReleaseChanged, setServerRenderedSlots } from './federation/server-rendered-slots';
import { preloadApiClientOnIntent } from './lib/api-client-on-intent';
import { pageAnsweredAt } from './lib/page-answered-at';
import { rootListens } from './slots/early-press';
import { PressAgainOnceHydrated } from './slots/use-early-press';
import { yieldToMain } from './start-in-steps';
import { reportRum, startRum } from './telemetry/rum-reporter';
import { sliceReleases } from './telemetry/slice-releases';

async function runtimeConfigOrEmpty(): Promise<RuntimeConfig> {
  try {
    return await loadRuntimeConfig();
  } catch (error) {
    // Without the config no remote can load, but the shell and its error handling still can.
    console.error(
      'runtime configuration unavailable; remote slots will show their fallback',
      error,
    );
    return { remotes: [], routeMiddleware: {} };
  }
}

/** The router's state as the server left it, its route errors revived. */
function hydrationData(state: PageState): HydrationState {
  const errors = state.router.errors
    ? Object.fromEntries(
        Object.entries(state.router.errors).map(([route, error]) => [
          route,
          new ErrorResponse(error.status, error.statusText, error.data),
        ]),
      )
    : null;
  return { ...state.router, errors };
}

/**
 * The matched routes' page chunks, loaded before hydrating: a route still loading would render
 * its fallback where the server's HTML has the page.
 */
async function loadMatchedPages(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const page = await route.lazy();
      Object.assign(route, { ...page, lazy: undefined });
    }),
  );
}

/** React's report of a boundary the server did not finish (#419 in production builds). */
const isLeftToTheBrowser = (error: unknown) =>
  error instanceof Error &&
  /#419\b|server could not finish this Suspense boundary/.test(error.message);

/**
 * What React recovered from while hydrating. A slot rendered afresh for a changed release is
 * expected, and so is a part the server left to the browser; a slot that threw (its remote
 * unreachable from this browser) is rendered afresh
 * too, and its boundary reports the error if it throws again. Markup that did not match the
 * server's (an error without a cause) is a defect, reported as one.
 */
function onRecoverableError(error: unknown): void {
  if (isReleaseChanged(error)) {
    console.info('[federation] a slot was rendered afresh: its remote has a new release');
  } else if (isLeftToTheBrowser(error)) {
    // The server sent the slot's reserved place (its release has no server code, it threw or
    // was late there); the server logged why, and the browser renders it as before.
    console.info('[hydration] a part the server left to the browser was rendered here');
  } else if (error instanceof Error && error.cause !== undefined) {
    console.warn('[hydration] a part of the page threw and was rendered afresh', error.cause);
    reportRum({ type: 'error', kind: 'hydration', slice: 'host', release: HOST_RELEASE });
  } else {
    console.error(error);
    reportRum({ type: 'error', kind: 'hydration', slice: 'host', release: HOST_RELEASE });
  }
}

/**
 * Starts the shell: its configuration, the remotes it names, then the router. A page the
 * server rendered is hydrated with the answers and router state it came with (decision 020);
 * a page without them is rendered here.
 */
export async function start(): Promise<void> {
  const config = await runtimeConfigOrEmpty();
  registerConfiguredRemotes(config.remotes);
  // Before the first render: the slots report their views as they mount.
  startRum({
    remotes: config.remotes,
    sampleRate: rumSampleRate(config),
    route: () => routeOf(window.location.pathname)?.id ?? 'not-found',
  });
  const releases = sliceReleases(config.remotes);
  preloadApiClientOnIntent();
  setProviderSite(providerSite(config));
  setPaymentPageOrigins(paymentPageOrigins(config));
  try {
    setSessionTiming(sessionTiming(config));
  } catch (error) {
    // The server validates it; a hand-written config that is wrong keeps the defaults.
    console.error('session timing in the runtime configuration is invalid', error);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  const routes = buildRoutes(config);
  const loggedIn = useAuthStore.getState().status === 'logged-in';
  const state = readPageState(document);
  // The server's page is hydrated when it was rendered for whom the browser sees (a session
  // the server refused, say, makes it a visitor's): else it is rendered afresh.
  const hydrating = state && state.audience === (loggedIn ? 'customer' : 'visitor');
  // The customer's answers the server rendered with are the page's: not asked again.
  if (hydrating) hydrate(queryClient, state.queries);
  // So is the session's clock, when the server counted the opening as activity.
  if (hydrating && state.session) openedWithServerClock(state.session, pageAnsweredAt());
  // A session restored from the cookie gets its data as a fresh login does (what the server
  // already answered is fresh, so only the rest is asked).
  if (loggedIn) void prefetchAccount();
  if (hydrating) {
    const accountFromServer = state.queries.queries.some(
      (query) => (query as { queryHash?: unknown }).queryHash === hashKey(accountKeys.user),
    );
    setServerRenderedSlots(state.slots);
    const fromServer = new Set(Object.keys(state.slots) as RemoteModuleId[]);
    await loadMatchedPages(routes);
    const router = createBrowserRouter(routes, { hydrationData: hydrationData(state) });
    await yieldToMain();
    // As a transition, React hydrates in slices of a few milliseconds and lets the browser
    // answer between them (a default update would be one long task); a tap on a part not yet
    // hydrated hydrates that part first.
    startTransition(() => {
      hydrateRoot(
        container,
        <ServerAccountContext value={accountFromServer}>
          <ServerRenderedSlotsContext value={fromServer}>
            <AppProviders
              queryClient={queryClient}
              loadRemote={loadRemoteModule}
              releases={releases}
            >
              <RouterProvider router={router} />
              <PressAgainOnceHydrated within={container} />
            </AppProviders>
          </ServerRenderedSlotsContext>
        </ServerAccountContext>,
        { onRecoverableError },
      );
      rootListens(container);
    });
    return;
  }
  rootListens(container);
  createRoot(container).render(
    <AppProviders queryClient={queryClient} loadRemote={loadRemoteModule} releases={releases}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>,
  );
}
