/*
 * What a build writes that the servers read, written once here for both: the page server, the
 * remotes' static servers and deploy's nginx configuration import it.
 */

/**
 * What a build holds for the team and never sends a browser: source maps, and federation's
 * stats (source paths and dependency versions; the browser reads only the manifest), and their
 * precompressed copies, which a static server sends for a name of their own (issue 45).
 */
export const UNPUBLISHED = /(\.map|(^|\/)mf-stats\.json)(\.(br|gz))?$/;

export const isPublished = (file: string) => !UNPUBLISHED.test(file);

/**
 * The page's first script carries this attribute in the built HTML: the page server lists the
 * host's scripts on it for a page it rendered, or drops it for a page the browser renders
 * (page-server/src/render/page-document, decision 031).
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
