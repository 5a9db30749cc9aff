import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUNDLER_FUNCTIONS,
  hostBundlerFunction,
  hostLentExternals,
  REMOTES_BORROW_BUNDLER_FUNCTIONS,
} from './host-lent-runtime';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bundlerDist = path.join(repo, 'node_modules/@module-federation/webpack-bundler-runtime/dist');

describe("the bundler runtime's functions a remote takes from the host", () => {
  it("are asked for by the bundler runtime's index, each as the host lends it", () => {
    for (const name of BUNDLER_FUNCTIONS) {
      expect(hostBundlerFunction({ context: bundlerDist, request: `./${name}.cjs` })).toEqual([
        '_FEDERATION_BUNDLER_FUNCTIONS',
        name,
      ]);
    }
    expect(hostBundlerFunction({ context: bundlerDist, request: './remotes.js' })).toEqual([
      '_FEDERATION_BUNDLER_FUNCTIONS',
      'remotes',
    ]);
  });

  it('leaves alone what holds state, and any other package’s file of the same name', () => {
    expect(hostBundlerFunction({ context: bundlerDist, request: './constant.cjs' })).toBe(
      undefined,
    );
    expect(
      hostBundlerFunction({ context: path.join(bundlerDist, '..'), request: './dist/index.cjs' }),
    ).toBe(undefined);
    expect(
      hostBundlerFunction({ context: path.join(repo, 'remote-loans/src'), request: './init.js' }),
    ).toBe(undefined);
  });

  it('are taken only when the switch says so', () => {
    expect(hostLentExternals(false)).toHaveLength(1);
    const [, borrow] = hostLentExternals(true);
    const callback = vi.fn();
    if (typeof borrow !== 'function') throw new Error('no external for the bundler functions');
    borrow({ context: bundlerDist, request: './remotes.cjs' }, callback);
    expect(callback).toHaveBeenCalledWith(undefined, ['_FEDERATION_BUNDLER_FUNCTIONS', 'remotes']);
  });
});

describe("the host's federation runtime", () => {
  // What the host's page runs first: its federation runtime plugin, which sets the globals.
  createRequire(import.meta.url)(
    '../../host/src/federation/plugins/provide-runtime-utilities-plugin.cjs',
  );
  const lent = globalThis as {
    _FEDERATION_BUNDLER_FUNCTIONS?: Record<string, Record<string, unknown>>;
    _FEDERATION_SDK?: object;
    _FEDERATION_ERROR_CODES?: object;
  };

  it('lends each function of the bundler runtime a remote may take from it', () => {
    for (const name of BUNDLER_FUNCTIONS) {
      expect(typeof lent._FEDERATION_BUNDLER_FUNCTIONS?.[name]?.[name], name).toBe('function');
    }
  });

  it('lends the federation SDK and error codes', () => {
    expect(lent._FEDERATION_SDK).toHaveProperty('getResourceUrl');
    expect(lent._FEDERATION_ERROR_CODES).toHaveProperty('RUNTIME_001');
  });
});

/** The commit customers have now, if this clone has it (deploy/in-production.json). */
function productionCommit(): string | undefined {
  const { commit } = JSON.parse(
    readFileSync(path.join(repo, 'deploy/in-production.json'), 'utf8'),
  ) as { commit: string };
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repo, stdio: 'ignore' });
    return commit;
  } catch {
    return undefined;
  }
}

const production = productionCommit();

// A slice released to take them from a host that does not lend them would not start there; one
// that still carries them once the host lends them is 3.6 KB heavier than it need be.
it.skipIf(production === undefined)(
  'remotes take the functions exactly when the host in production lends them',
  () => {
    const lender = execFileSync(
      'git',
      ['show', `${production}:host/src/federation/plugins/provide-runtime-utilities-plugin.cjs`],
      { cwd: repo, encoding: 'utf8' },
    );
    expect(REMOTES_BORROW_BUNDLER_FUNCTIONS).toBe(lender.includes('_FEDERATION_BUNDLER_FUNCTIONS'));
  },
);
