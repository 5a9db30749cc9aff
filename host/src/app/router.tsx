import type { ComponentType, ReactNode } from 'react';
import { data, type RouteObject } from 'react-router-dom';
import { ROUTE_TABLE, type RouteEntry } from 'release-contract/routes';
import type { RuntimeConfig } from 'release-contract/runtime-config';
import { DefaultLayout } from './layouts/default-layout';
import { StaticLayout } from './layouts/static-layout';
import { runMiddleware } from './middleware/middleware';
import { RouteErrorPage } from './pages/error-page';
import * as indexPage from './pages/index-page';
import { ShellFallback } from './shell-fallback';

/**
 * React Router keeps a route whose lazy() rejected marked as still loading and renders nothing
 * (a blank page). A failed import therefore resolves to a page that rethrows the failure, so
 * the route's error element, with its chunk-reload guard, takes over.
 */
interface PageModule {
  Component?: ComponentType;
  element?: ReactNode;
}

function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

function pageChunk(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return () => load().catch((error: unknown) => ({ element: <Rethrow error={error} /> }));
}

/**
 * Each page is its own chunk, named so operators can tell them apart in the network panel,
 * but the home page: most visits land there, and a chunk of its own would cost a round trip
 * before its slots could start loading (decision 014).
 */
const pages: Record<RouteEntry['id'], () => Promise<PageModule>> = {
  index: () => Promise.resolve(indexPage),
  recovery: pageChunk(
    () => import(/* webpackChunkName: "page-recovery" */ './pages/recovery-page'),
  ),
  complaints: pageChunk(
    () => import(/* webpackChunkName: "page-complaints" */ './pages/complaints-page'),
  ),
  payment: pageChunk(() => import(/* webpackChunkName: "page-payment" */ './pages/payment-page')),
  static: pageChunk(() => import(/* webpackChunkName: "page-static" */ './pages/static-page')),
};

function pageRoute(entry: RouteEntry, config: RuntimeConfig): RouteObject {
  const middleware = [...entry.middleware, ...(config.routeMiddleware[entry.path] ?? [])];
  const common = {
    id: entry.id,
    loader: ({ request }: { request: Request }) => {
      runMiddleware(middleware, request);
      return null;
    },
    lazy: pages[entry.id],
    errorElement: <RouteErrorPage />,
  };
  return entry.path === '/' ? { ...common, index: true } : { ...common, path: entry.path.slice(1) };
}

export function buildRoutes(config: RuntimeConfig): RouteObject[] {
  const inLayout = (layout: RouteEntry['layout']) =>
    ROUTE_TABLE.filter((entry) => entry.layout === layout).map((entry) => pageRoute(entry, config));
  return [
    {
      path: '/',
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <ShellFallback />,
      children: [
        {
          element: <DefaultLayout />,
          children: [
            ...inLayout('default'),
            {
              path: '*',
              // Never rendered: the loader's 404 goes to the error element.
              element: null,
              loader: () => {
                throw data(null, { status: 404, statusText: 'Not Found' });
              },
              errorElement: <RouteErrorPage />,
            },
          ],
        },
        { element: <StaticLayout />, children: inLayout('static') },
      ],
    },
  ];
}
