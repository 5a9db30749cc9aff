/*
 * Where things are in the page server's image (Containerfile, build-image.ts): the Deployment
 * runs what the image holds, by these paths.
 */

/** Node, copied from the repository's own (node_modules/node, the npm `node` package). */
export const IMAGE_NODE = '/usr/local/bin/node';
/**
 * The checkout's shape: the page server's build finds the host's beside it (../host/dist, and
 * ../host/dist-server, the server entry its workers load).
 */
export const IMAGE_APP = '/app';
export const IMAGE_SERVER = `${IMAGE_APP}/page-server/dist/serve-page-server.mjs`;
/** The user the page server runs as: no name on the machine but this one, never root. */
export const IMAGE_USER = { name: 'lender', uid: 10001, gid: 10001 } as const;
/** The only folder the page server writes: its render workers' staged files (worker-user). */
export const IMAGE_TMP = '/tmp';
/**
 * A slice's render service (issue 56): the same image and user, another entry point; its
 * Deployment names it as its command (the image's ENTRYPOINT is the page server's).
 */
export const IMAGE_RENDER_SERVICE = `${IMAGE_APP}/page-server/dist/serve-render-service.mjs`;
