/**
 * The host's routes as data. The router builds from it and the production server reads it to
 * answer unknown paths with HTTP 404, so the two can never disagree.
 */
export type LayoutName = 'default' | 'static';

export interface RouteEntry {
  id: 'index' | 'recovery' | 'complaints' | 'payment' | 'static';
  path: string;
  layout: LayoutName;
  /** Middleware names run before the page (see app/middleware). */
  middleware: readonly string[];
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { id: 'index', path: '/', layout: 'default', middleware: [] },
  { id: 'recovery', path: '/recovery', layout: 'default', middleware: ['guest'] },
  { id: 'complaints', path: '/complaints', layout: 'default', middleware: ['auth'] },
  // The bank returns here with `?order=<id>` (contract v1.3); a session that ended meanwhile
  // logs in first and comes back to the same address.
  { id: 'payment', path: '/payment', layout: 'default', middleware: ['auth'] },
  { id: 'static', path: '/static', layout: 'static', middleware: [] },
];

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The route a path shows (`/index.html` is the home page), or undefined for an unknown path. */
export function routeOf(pathname: string): RouteEntry | undefined {
  const wanted = normalise(pathname === '/index.html' ? '/' : pathname);
  return ROUTE_TABLE.find((route) => route.path === wanted);
}

export function isKnownPath(pathname: string): boolean {
  return routeOf(pathname) !== undefined;
}
