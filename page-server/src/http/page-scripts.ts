/**
 * The page's first script carries this attribute in the built HTML: the host's server lists the
 * host's scripts on it for a page it rendered, or drops it for a page the browser renders
 * (host/server/render/page-document, decision 031).
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
