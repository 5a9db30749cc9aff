/**
 * The router's parts a slice uses. Slices import them from here, never from react-router:
 * this module is a federation singleton, so in the host a slice links through the host's one
 * router, while react-router itself is not shared and each build keeps only what it uses
 * (decision 014). The host imports it too: federation offers only the shared modules an app
 * uses, and this one must come from the host, bound to the host's router. A slice's own page
 * gets it, and a router, from its own build.
 *
 * `useInRouterContext` and `useSearchParams` came with shared 0.1.11 (the feed's links answered
 * by the loans slice): a host released before them lends this module without them.
 */
export { Link, useInRouterContext, useLocation, useSearchParams } from 'react-router-dom';
