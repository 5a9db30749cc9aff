/*
 * What the page server's render bundle needs to render the app in Node, as the browser does:
 * the providers, the router, the contexts a server render sets, the slot seam and the words.
 * Exported as `host/app`; compiled into the render bundle (tooling/rspack/server-config),
 * never imported by the page server's own process.
 */

export type { RemoteModule, RemoteModuleMap } from '../federation/remote-modules';
export { type LoadRemoteModule, RemoteLoaderContext } from '../slots/remote-loader';
export { RemoteSlot } from '../slots/remote-slot';
export { cutSlotMarkup } from '../slots/slot-markup';
export { SlotSeamContext } from '../slots/slot-seam';
export { sliceReleases } from '../telemetry/slice-releases';
export { kaHost } from '../words/ka-host';
export { AppProviders } from './app-providers';
export {
  ServerAccountContext,
  ServerAudienceContext,
  ServerRenderedSlotsContext,
} from './page-audience';
export { renderToHtml } from './render-to-html';
export { buildRoutes } from './router';
