import path from 'node:path';
import {
  type ModuleLike,
  packageOf,
  resourceOf,
  type SplitChunks,
  sharedSourceOf,
} from './fallback-chunks.ts';

/** The host's chunk of the API client, fetched with the page's first call (decision 031). */
export const API_CLIENT_CHUNK = 'api-client';

/** What comes with the client: its modules (lazy shares of the host) and axios, used by them only. */
const CLIENT_MODULES = ['api/api-client', 'api/session-interceptors'];
const CLIENT_PACKAGES = new Set(['axios']);

/**
 * The host's splitChunks: the API client's two shared modules and axios in one chunk. Left to
 * the defaults they were three, three requests on the first call instead of one.
 */
export function apiClientChunk(appRoot: string): SplitChunks {
  const clientFiles = new Set(
    CLIENT_MODULES.map((module) => path.join(sharedSourceOf(appRoot), `${module}.ts`)),
  );
  const isClient = (resource: string) =>
    clientFiles.has(resource) || CLIENT_PACKAGES.has(packageOf(resource) ?? '');
  return {
    cacheGroups: {
      apiClient: {
        test: (module: ModuleLike) => isClient(resourceOf(module)),
        name: API_CLIENT_CHUNK,
        chunks: 'async',
        enforce: true,
      },
    },
  };
}
