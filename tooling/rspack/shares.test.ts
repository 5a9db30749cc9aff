import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compatibleRange, hostShares, sharedRuntimeFolders, sharedSingletons } from './shares';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sharedPackage = JSON.parse(readFileSync(path.join(repo, 'shared/package.json'), 'utf8'));

describe('sharedRuntimeFolders', () => {
  it("lists each subpath folder of shared's exports but test helpers and styles", () => {
    expect(
      sharedRuntimeFolders({
        version: '1.0.0',
        peerDependencies: {},
        exports: {
          './api/*': './src/api/*.ts',
          './styles/*': './src/styles/*',
          './testing/*': './src/testing/*.ts',
          './ui/*': './src/ui/*.tsx',
          './package.json': './package.json',
        },
      }),
    ).toEqual(['shared/api/', 'shared/ui/']);
  });
});

describe("an app's federation shares", () => {
  for (const app of ['host', 'remote-home', 'remote-account', 'remote-loans']) {
    it(`${app}: singletons with the ranges and versions of the package.json files`, () => {
      const shares = sharedSingletons(path.join(repo, app));
      const peers: Record<string, string> = sharedPackage.peerDependencies;
      expect(shares.react.requiredVersion).toBe(peers.react);
      expect(shares['react-dom/client'].requiredVersion).toBe(peers['react-dom']);
      // The router is reached through shared/navigation/router, so it is not shared whole.
      expect(Object.keys(shares)).not.toContain('react-router');
      expect(Object.keys(shares)).not.toContain('react-router-dom');
      expect(shares['@tanstack/react-query'].requiredVersion).toBe(peers['@tanstack/react-query']);
      expect(shares['@hookform/resolvers/zod'].requiredVersion).toBe(peers['@hookform/resolvers']);
      for (const share of Object.values(shares)) expect(share.singleton).toBe(true);

      const folders = Object.entries(shares).filter(([key]) => key.startsWith('shared/'));
      const names = folders.map(([key]) => key);
      expect(names).toContain('shared/query/');
      expect(names).toContain('shared/forms/');
      expect(names).toContain('shared/navigation/');
      expect(names).not.toContain('shared/testing/');
      expect(names).not.toContain('shared/styles/');
      for (const [, share] of folders) {
        expect(share).toMatchObject({
          version: sharedPackage.version,
          requiredVersion: compatibleRange(sharedPackage.version),
        });
      }
    });
  }

  it("names the zod resolver's package version, not its subfolder's 1.0.0", () => {
    const installed = JSON.parse(
      readFileSync(
        path.join(repo, 'remote-account/node_modules/@hookform/resolvers/package.json'),
        'utf8',
      ),
    ).version;
    expect(sharedSingletons(path.join(repo, 'remote-account'))['@hookform/resolvers/zod']).toEqual(
      expect.objectContaining({ version: installed }),
    );
  });
});

describe("the host's shares", () => {
  const shares = hostShares(path.join(repo, 'host')) as Record<string, { eager?: boolean }>;

  it('start eager: what the host runs on, and every module of shared, nested ones included', () => {
    for (const name of [
      'react',
      'react/jsx-runtime',
      // pnpm dev's JSX: lazy, the host's first module fails (RUNTIME-006).
      'react/jsx-dev-runtime',
      'react-dom/client',
      '@tanstack/react-query',
      'shared/stores/ui-store',
      'shared/api/loan/calculator',
      'shared/api/user/user-details',
      'shared/navigation/router',
      'shared/validation/zod',
    ]) {
      expect(shares[name]?.eager, name).toBe(true);
    }
  });

  it('leave the rest to load when used', () => {
    expect(shares['react-hook-form']?.eager).toBeUndefined();
    expect(shares['shared/lib/sanitize-html']).toBeDefined();
    expect(shares['shared/lib/sanitize-html']?.eager).toBeUndefined();
    // Test helpers are never shared.
    expect(Object.keys(shares).some((name) => name.startsWith('shared/testing'))).toBe(false);
  });
});

describe('compatibleRange', () => {
  it('is the whole line a build works with: 0.y for 0.y.z, the major from 1.0.0 on', () => {
    expect(compatibleRange('0.1.1')).toBe('^0.1.0');
    expect(compatibleRange('0.2.0')).toBe('^0.2.0');
    expect(compatibleRange('1.4.2')).toBe('^1.0.0');
  });
});
