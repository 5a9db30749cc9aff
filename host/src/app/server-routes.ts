/*
 * What the page server decides a page by, without rendering it: the routes, each page's slots
 * and the middleware's rules. Plain data and functions (no React, no styles), so the page
 * server's own process, deploy and e2e import it; exported as `host/routes`.
 */

export { type MiddlewareOutcome, middlewareOutcome } from './middleware/middleware-rules';
export { PAGE_SLOTS, type PageSlot, type SlotPage } from './pages/page-slots';
export { isKnownPath, ROUTE_TABLE, type RouteEntry, routeOf } from './route-table';
