import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Compiler, Configuration } from '@rspack/core';
import { HOST_APP } from 'release-contract/apps';
import { integrityOf } from 'release-contract/release-integrity';
import { hostOrOwnAliases } from './host-or-own.ts';
import { precompressFile } from './precompress-plugin.ts';
import { sharedModuleNames } from './shares.ts';
import { typescriptRule } from './typescript-rule.ts';

/*
 * The server builds (decision 020). The page server renders the first screen with the
 * host's own components (its server entry, `host/dist-server/render-page.cjs`) and each slot with the slice's
 * components from the slice's current release (the release's `dist/ssr/` bundle, named in its
 * federation manifest as `metaData.ssrRemoteEntry`). Both are compiled like the browser's
 * builds (same loaders, same CSS module names), for Node.
 */

const HOST_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)), HOST_APP.folder);

/**
 * The singletons the host's server offers a slice's bundle: those the host itself installs.
 * The rest (the account slice's form library) each slice's bundle carries, as its browser
 * container provides them to the page.
 */
function offeredByHost(): string[] {
  // A direct dependency is linked in the host's own node_modules (pnpm): read that, not a
  // resolver's answer, which may find a package hoisted for another app.
  const installed = (name: string) => {
    const parts = name.split('/');
    const pkg = name.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? name);
    return existsSync(path.join(HOST_ROOT, 'node_modules', pkg));
  };
  return sharedModuleNames(HOST_ROOT).filter(installed);
}

/** Where a remote's server bundle goes, under its release folder. */
export const SSR_FOLDER = 'ssr';

/** What a remote's server bundle exports: each exposed module, loaded when first asked for. */
export type ServerModules = Record<string, () => Promise<unknown>>;

interface ServerConfigOptions {
  root: string;
  /** Federation name (also the output's uniqueName, which CSS module names are hashed with). */
  name: string;
}

/** The parts of a browser build that decide what a module renders: loaders and CSS names. */
function compiledLikeTheBrowser(options: ServerConfigOptions): Configuration {
  return {
    mode: 'production',
    target: 'node22',
    context: options.root,
    devtool: false,
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      parser: { 'css/auto': { namedExports: false } },
      // Only the class names: the browser build ships the style sheets.
      generator: { 'css/auto': { exportsOnly: true } },
      rules: [
        typescriptRule({ development: false }),
        { test: /\.css$/, type: 'css/auto' },
        {
          test: /\.(png|jpe?g|webp|svg|woff2?)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  };
}

/**
 * A remote's server bundle: one CommonJS file, no chunks to fetch, whose shared singletons
 * are the host's server's at run time, as the browser takes them from the host's page. The
 * libraries that must run once (React, zustand, TanStack Query) are `require`d from the host;
 * each module of `shared` is the host's when the host shares it and the bundle's own copy when
 * it does not (`host-or-own.ts`, issue 55), as federation chooses in the browser. Its name
 * carries its content hash: it is the release's identity, which the page repeats so the
 * browser can tell whether it loaded the release its HTML came from.
 */
export function createRemoteServerConfig(
  options: ServerConfigOptions & { exposes: Record<string, string> },
): Configuration {
  const entry = writeRemoteServerEntry(options.root, options.exposes);
  const isSharedModule = (name: string) => name.startsWith('shared/');
  const offered = new Set(offeredByHost().filter((name) => !isSharedModule(name)));
  const hostOrOwn = hostOrOwnAliases(
    options.root,
    sharedModuleNames(options.root).filter(isSharedModule),
  );
  const browserLike = compiledLikeTheBrowser(options);
  return {
    ...browserLike,
    name: 'server',
    entry: { 'remote-entry': entry },
    resolve: { ...browserLike.resolve, alias: hostOrOwn },
    // It is published with the release, as the browser's code is: minified like it, its map
    // written for the team and never linked or served (decision 015).
    devtool: 'hidden-source-map',
    optimization: { minimize: true, splitChunks: false },
    output: {
      path: path.join(options.root, 'dist', SSR_FOLDER),
      uniqueName: options.name,
      filename: '[name].[contenthash:8].cjs',
      library: { type: 'commonjs2' },
      asyncChunks: false,
      clean: true,
    },
    externalsType: 'commonjs',
    externals: [
      ({ request }, callback) => {
        if (request && offered.has(request)) return callback(undefined, `commonjs ${request}`);
        return callback();
      },
    ],
    plugins: [new NameServerEntryInManifest()],
  };
}

/** The module a remote's server bundle starts from: its `exposes` map, as loaders. */
function writeRemoteServerEntry(root: string, exposes: Record<string, string>): string {
  const folder = path.join(root, 'node_modules/.cache/ssr-entry');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'remote-entry.js');
  const lines = Object.entries(exposes).map(
    ([key, source]) =>
      `  ${JSON.stringify(key.replace(/^\.\//, ''))}: () => import(${JSON.stringify(path.resolve(root, source))}),`,
  );
  writeFileSync(file, `export const modules = {\n${lines.join('\n')}\n};\n`);
  return file;
}

/**
 * Names the server bundle in the release's federation manifest (`metaData.ssrRemoteEntry`,
 * the field Module Federation's own Node builds use), so the manifest the host's server reads
 * leads to the server code of the same release. Runs after the browser build wrote it.
 */
class NameServerEntryInManifest {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('NameServerEntryInManifest', async (compilation) => {
      const name = Object.keys(compilation.assets).find((asset) => asset.endsWith('.cjs'));
      if (!name) throw new Error('the server build emitted no bundle');
      const manifestFile = path.join(compiler.outputPath, '..', 'mf-manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
        metaData: { remoteEntry: { name: string; path: string; integrity?: string } } & Record<
          string,
          unknown
        >;
      };
      // Each entry carries the digest of its bytes: what a rollout pins (decision 025).
      const { remoteEntry } = manifest.metaData;
      remoteEntry.integrity = integrityOf(
        readFileSync(path.join(compiler.outputPath, '..', remoteEntry.path, remoteEntry.name)),
      );
      manifest.metaData.ssrRemoteEntry = {
        name,
        path: SSR_FOLDER,
        type: 'commonjs-module',
        integrity: integrityOf(readFileSync(path.join(compiler.outputPath, name))),
      };
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
      await precompressFile(manifestFile);
    });
  }
}

/**
 * The host's server entry: its pages and shell for Node, with every package compiled in (one
 * file, one copy of each), built by the host's own build beside its browser build, so its CSS
 * module names are the browser's. It also offers the remotes' server bundles the shared
 * singletons (`sharedScope`), so a slice renders with the host's React, stores and `shared`.
 */
export function createHostServerConfig(
  options: ServerConfigOptions & { entry: string; outputPath: string },
): Configuration {
  const scope = writeSharedScope(options.root);
  return {
    ...compiledLikeTheBrowser(options),
    name: 'server',
    entry: { 'render-page': options.entry },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      alias: { 'ssr-shared-scope': scope },
      // The scope's `require` and the pages' `import` must reach the same file of a package
      // with both builds (TanStack Query): one module, one React context.
      conditionNames: ['node', 'import', 'module', 'default'],
    },
    output: {
      path: options.outputPath,
      uniqueName: options.name,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      asyncChunks: false,
      clean: true,
    },
  };
}

/**
 * A module listing every shared singleton as a loader, `require`d when a remote first asks:
 * what the host offers a remote's server bundle, as its page offers the browser's.
 */
function writeSharedScope(root: string): string {
  const folder = path.join(root, 'node_modules/.cache/ssr-entry');
  mkdirSync(folder, { recursive: true });
  // CommonJS, so each `require` stays lazy: a module runs when a slice first asks for it.
  const file = path.join(folder, 'shared-scope.cjs');
  const lines = offeredByHost().map(
    (name) => `  ${JSON.stringify(name)}: () => require(${JSON.stringify(name)}),`,
  );
  writeFileSync(file, `exports.sharedScope = {\n${lines.join('\n')}\n};\n`);
  return file;
}
