import type { QueryClient } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router-dom';
import type { Audience, PageState, SerializedRouteError } from 'release-contract/page-state';
import type { RemoteModuleId } from 'release-contract/remotes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { ServerLoggedInContext } from 'shared/auth/server-logged-in';
import { AppProviders } from '../app/app-providers';
import {
  ServerAccountContext,
  ServerAudienceContext,
  ServerRenderedSlotsContext,
} from '../app/page-audience';
import { buildRoutes } from '../app/router';
import type { LoadRemoteModule } from '../slots/remote-loader';
import { SlotSeamContext } from '../slots/slot-seam';
import { sliceReleases } from '../telemetry/slice-releases';

/*
 * A page's React tree on the server, the same for every render of it: the host's worker renders
 * it around the slots, each slice's worker renders it around its own (decision 032). The same
 * tree is what keeps a slot's markup where the browser hydrates it.
 */

/** The router's answer for the page: its context, or undefined when it redirects. */
export async function routeContext(
  url: string,
  config: RuntimeConfig,
): Promise<
  { handler: ReturnType<typeof createStaticHandler>; context: StaticHandlerContext } | undefined
> {
  const handler = createStaticHandler(buildRoutes(config));
  const context = await handler.query(new Request(new URL(url, 'http://page.invalid')));
  return context instanceof Response ? undefined : { handler, context };
}

export interface PageTreeOptions {
  audience: Audience;
  /** Whether the page has the customer's account (their data shows). */
  account: boolean;
  config: RuntimeConfig;
  queryClient: QueryClient;
  /** The slots that come whole from the server. */
  ready: ReadonlySet<RemoteModuleId>;
  loadRemote: LoadRemoteModule;
  route: NonNullable<Awaited<ReturnType<typeof routeContext>>>;
  /** A slice's render: the mark its slots' markup is cut out by (slot-seam). */
  seam?: string;
}

export function PageTree({
  audience,
  account,
  config,
  queryClient,
  ready,
  loadRemote,
  route,
  seam = '',
}: PageTreeOptions) {
  const router = createStaticRouter(route.handler.dataRoutes, route.context);
  return (
    <ServerAudienceContext value={audience}>
      <ServerLoggedInContext value={audience === 'customer'}>
        <ServerAccountContext value={account}>
          <ServerRenderedSlotsContext value={ready}>
            <SlotSeamContext value={seam}>
              <AppProviders
                queryClient={queryClient}
                loadRemote={loadRemote}
                releases={sliceReleases(config.remotes)}
              >
                <StaticRouterProvider router={router} context={route.context} hydrate={false} />
              </AppProviders>
            </SlotSeamContext>
          </ServerRenderedSlotsContext>
        </ServerAccountContext>
      </ServerLoggedInContext>
    </ServerAudienceContext>
  );
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

/** The router's state the browser hydrates with. */
export function routerState(context: StaticHandlerContext): PageState['router'] {
  return {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  };
}
