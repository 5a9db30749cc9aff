import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { type Configuration, rspack } from '@rspack/core';
import { integrityOf } from 'release-contract/release-integrity';
import { createRemoteServerConfig } from './server-config.ts';

/*
 * A slice's server bundle meets the host's server in production, whose `shared` may be older
 * than the slice's (issue 55). Built here for a fixture slice against this repository's
 * `shared`, and run as the page server runs a release.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the fixture slice exposes: a word list of shared's, and a component that shows them. */
const FIGURES = `
import { kaLoanFigures } from 'shared/strings/ka-loan-figures';
import { LoanFiguresList } from 'shared/ui/loan-figures';
export { kaLoanFigures, LoanFiguresList };
`;

let root: string;
let source: string;

/** Builds the fixture slice's server bundle as a release's build does. */
async function buildFixture(): Promise<void> {
  root = mkdtempSync(path.join(os.tmpdir(), 'server-config-test-'));
  writeFileSync(path.join(root, 'package.json'), '{ "name": "fixture", "type": "module" }');
  mkdirSync(path.join(root, 'node_modules'));
  symlinkSync(path.join(repo, 'shared'), path.join(root, 'node_modules/shared'), 'dir');
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/figures.tsx'), FIGURES);
  // What the container's build leaves for the server build to name its bundle in.
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist/remoteEntry.js'), '/* the container */');
  writeFileSync(
    path.join(root, 'dist/mf-manifest.json'),
    JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  const config: Configuration = {
    ...createRemoteServerConfig({
      root,
      name: 'fixture',
      exposes: { './Figures': './src/figures.tsx' },
    }),
    devtool: false,
  };
  const stats = await new Promise<{ hasErrors(): boolean; toString(): string } | undefined>(
    (resolve, reject) => {
      const compiler = rspack(config);
      compiler.run((error, result) => {
        compiler.close(() => (error ? reject(error) : resolve(result)));
      });
    },
  );
  if (!stats || stats.hasErrors()) throw new Error(stats?.toString() ?? 'no stats');
  const [bundle] = readdirSync(path.join(root, 'dist/ssr'));
  if (!bundle) throw new Error('no server bundle');
  source = readFileSync(path.join(root, 'dist/ssr', bundle), 'utf8');
}

beforeAll(buildFixture, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The page server's evaluation as it runs in production: the host's scope, or a throw. */
function runLikeThePageServer(scope: Record<string, unknown>) {
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${source}\n})`) as (
    exports: object,
    require: (name: string) => unknown,
    module: { exports: object },
  ) => void;
  const module: { exports: { modules?: Record<string, () => Promise<unknown>> } } = {
    exports: {},
  };
  const asked: string[] = [];
  wrapper(
    module.exports,
    (name) => {
      asked.push(name);
      if (!Object.hasOwn(scope, name))
        throw new Error(`requires ${name}, which the host does not share`);
      return scope[name];
    },
    module,
  );
  const load = module.exports.modules?.Figures;
  if (!load) throw new Error('the bundle exposes no Figures');
  return { load: load as () => Promise<Figures>, asked };
}

interface Element {
  type: unknown;
  props: { children?: unknown };
}
interface Figures {
  kaLoanFigures: Record<string, string>;
  LoanFiguresList: (props: { figures: Record<string, string | number>; rows: string[] }) => Element;
}

/** The host's JSX runtime, reduced to what a test reads: the tree's text. */
const jsxRuntime = {
  jsx: (type: unknown, props: object) => ({ type, props }),
  jsxs: (type: unknown, props: object) => ({ type, props }),
  Fragment: 'fragment',
};
const textOf = (node: unknown): string => {
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (node && typeof node === 'object' && 'props' in node)
    return textOf((node as Element).props.children);
  return '';
};

const hostWords = { amount: 'the host’s word for amount' };

describe("a slice's server bundle", () => {
  it('is one minified CommonJS file, named by its content, in the manifest with its digest', () => {
    const [bundle] = readdirSync(path.join(root, 'dist/ssr'));
    expect(bundle).toMatch(/^remote-entry\.[0-9a-f]{8}\.cjs$/);
    const manifest = JSON.parse(readFileSync(path.join(root, 'dist/mf-manifest.json'), 'utf8'));
    expect(manifest.metaData.ssrRemoteEntry).toEqual({
      name: bundle,
      path: 'ssr',
      type: 'commonjs-module',
      integrity: integrityOf(Buffer.from(source)),
    });
    expect(source.split('\n').length).toBeLessThan(10);
  });

  it('takes each module of shared from the host when the host shares it', async () => {
    const hostList = () => ({ type: 'dl', props: {} });
    const { load } = runLikeThePageServer({
      'react/jsx-runtime': jsxRuntime,
      'shared/strings/ka-loan-figures': { kaLoanFigures: hostWords },
      'shared/ui/loan-figures': { LoanFiguresList: hostList },
    });
    const figures = await load();
    expect(figures.kaLoanFigures).toBe(hostWords);
    expect(figures.LoanFiguresList).toBe(hostList);
  });

  it('runs its own copy of a module the host does not share, and it takes the host’s modules', async () => {
    const { load, asked } = runLikeThePageServer({
      'react/jsx-runtime': jsxRuntime,
      // The host in production: shared before the loan figures were a module of their own.
      'shared/strings/ka-loan-figures': { kaLoanFigures: hostWords },
    });
    const figures = await load();
    const list = figures.LoanFiguresList({ figures: { amount: '1500.00' }, rows: ['amount'] });
    // The slice's own component, with the host's words and its own formatting, which the
    // host here does not share either.
    expect(textOf(list)).toContain('the host’s word for amount');
    expect(textOf(list)).toMatch(/1[\s\u00a0]?500/);
    expect(asked).toEqual(
      expect.arrayContaining(['shared/ui/loan-figures', 'shared/lib/money', 'react/jsx-runtime']),
    );
  });

  it('runs with a host that shares none of shared, on its own copies', async () => {
    const { load } = runLikeThePageServer({ 'react/jsx-runtime': jsxRuntime });
    const figures = await load();
    expect(figures.kaLoanFigures.amount).toBe('სესხის თანხა');
  });

  it('takes React only from the host: a library that must be one copy is never bundled', async () => {
    const { load } = runLikeThePageServer({});
    await expect(load()).rejects.toThrow('requires react/jsx-runtime');
  });
});
