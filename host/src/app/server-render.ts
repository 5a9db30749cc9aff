/*
 * The slot seam as the page server's tests put a page together in Node (page-server's
 * slot-seam test): the slot, its loader's context, the seam's mark and cut, the host's render.
 * Exported as `host/app`, for tests only: the render workers run the host's server entry
 * (`src/server/render-page.tsx`), built by the host's own build (decision 045).
 */

export type { RemoteModule, RemoteModuleMap } from '../federation/remote-modules';
export { type LoadRemoteModule, RemoteLoaderContext } from '../slots/remote-loader';
export { RemoteSlot } from '../slots/remote-slot';
export { cutSlotMarkup } from '../slots/slot-markup';
export { SlotSeamContext } from '../slots/slot-seam';
export { renderToHtml } from './render-to-html';
