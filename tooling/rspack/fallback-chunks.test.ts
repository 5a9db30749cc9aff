import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  fallbackChunks,
  libraryChunkName,
  packageOf,
  SHARED_PACKAGE_CHUNK,
} from './fallback-chunks';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sharedFile = (file: string) => path.join(repo, 'shared/src', file);
const library = (file: string) =>
  path.join(repo, 'node_modules/.pnpm/pkg@1.0.0/node_modules', file);

type Test = (module: { resource: string }) => boolean;
type Name = (module: { resource: string }) => string;
interface Group {
  test: Test;
  name: string | Name;
  priority: number;
}

/** Which of the container's groups takes a file, and the chunk it names. */
function chunkOf(resource: string): string | undefined {
  const config = fallbackChunks(path.join(repo, 'remote-loans'), 'remote_loans');
  const groups = Object.values(
    (config as unknown as { cacheGroups: Record<string, Group> }).cacheGroups,
  );
  groups.sort((a, b) => b.priority - a.priority);
  const group = groups.find((candidate) => candidate.test({ resource }));
  if (!group) return undefined;
  return typeof group.name === 'string' ? group.name : group.name({ resource });
}

describe("a remote container's copies of shared modules", () => {
  it("puts shared's own modules in one chunk, their stylesheet too", () => {
    expect(chunkOf(sharedFile('query/use-write.ts'))).toBe(SHARED_PACKAGE_CHUNK);
    expect(chunkOf(sharedFile('forms/acceptance.tsx'))).toBe(SHARED_PACKAGE_CHUNK);
    expect(chunkOf(sharedFile('styles/ui.module.css'))).toBe(SHARED_PACKAGE_CHUNK);
  });

  it('leaves the stylesheets slices compose with the slice’s own CSS', () => {
    expect(chunkOf(sharedFile('styles/form-parts.module.css'))).toBeUndefined();
    expect(chunkOf(sharedFile('styles/page-parts.module.css'))).toBeUndefined();
  });

  it('keeps each module the host provides lazily in a chunk of its own', () => {
    expect(chunkOf(sharedFile('ui/provider-html.tsx'))).toBe('shared-provider-html');
    expect(chunkOf(sharedFile('lib/sanitize-html.ts'))).toBe('shared-sanitize-html');
  });

  it('names a library’s chunk by its package', () => {
    expect(chunkOf(library('@tanstack/react-query/build/index.js'))).toBe(
      'lib-tanstack-react-query',
    );
    expect(chunkOf(library('react-dom/index.js'))).toBe('lib-react-dom');
  });

  it('shares the slice’s own scripts among the slots a page shows together, never their CSS', () => {
    // Modules of the slice's that exist: the name alone decides, so a moved one would pass.
    const own = path.join(repo, 'remote-loans/src/lib/overdue/overdue.ts');
    const style = path.join(repo, 'remote-loans/src/app/next-payment.module.css');
    expect(existsSync(own) && existsSync(style)).toBe(true);
    expect(chunkOf(own)).toBe('together-index-customer');
    expect(chunkOf(style)).toBeUndefined();
  });
});

describe('packageOf', () => {
  it('reads the package after the last node_modules, scoped or not', () => {
    expect(packageOf(library('axios/lib/axios.js'))).toBe('axios');
    expect(packageOf(library('@hookform/resolvers/zod/dist/zod.mjs'))).toBe('@hookform/resolvers');
    expect(packageOf(sharedFile('lib/money.ts'))).toBeUndefined();
  });

  it('makes a file name of it', () => {
    expect(libraryChunkName('@hookform/resolvers')).toBe('lib-hookform-resolvers');
  });
});
