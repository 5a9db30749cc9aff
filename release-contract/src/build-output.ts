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

/** A file name with a content hash (the build's `[name].[contenthash:8].[ext]`): never changes. */
export const CONTENT_HASH = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/;

/** How every server and the release origin let a browser keep such a file. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The page's first script carries this attribute in the built HTML: the page server lists the
 * host's scripts on it for a page it rendered, or drops it for a page the browser renders
 * (page-document.ts, decision 031).
 */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
