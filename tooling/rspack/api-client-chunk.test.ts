import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_CLIENT_CHUNK, apiClientChunk } from './api-client-chunk';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Group {
  test: (module: { resource: string }) => boolean;
  name: string;
}

/** Whether the host's build puts a file in the API client's chunk. */
function inClientChunk(resource: string): boolean {
  const config = apiClientChunk(path.join(repo, 'host'));
  const groups = Object.values(
    (config as unknown as { cacheGroups: Record<string, Group> }).cacheGroups,
  );
  return groups.some((group) => group.name === API_CLIENT_CHUNK && group.test({ resource }));
}

describe("the host's chunk of the API client", () => {
  it('holds the client, its interceptors and axios', () => {
    expect(inClientChunk(path.join(repo, 'shared/src/api/api-client.ts'))).toBe(true);
    expect(inClientChunk(path.join(repo, 'shared/src/api/session-interceptors.ts'))).toBe(true);
    expect(
      inClientChunk(
        path.join(repo, 'node_modules/.pnpm/axios@1.0.0/node_modules/axios/lib/axios.js'),
      ),
    ).toBe(true);
  });

  it('leaves out what a first screen uses: the call, its errors, the schemas, other libraries', () => {
    for (const file of [
      'request-json.ts',
      'api-error.ts',
      'loan/calculator.ts',
      'api-client.test.ts',
    ]) {
      expect(inClientChunk(path.join(repo, 'shared/src/api', file)), file).toBe(false);
    }
    expect(
      inClientChunk(path.join(repo, 'node_modules/.pnpm/zod@4.0.0/node_modules/zod/index.js')),
    ).toBe(false);
  });
});
