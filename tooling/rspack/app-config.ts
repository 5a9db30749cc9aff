import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { apiUpstream } from '../apps.ts';

interface SharedPackage {
  version: string;
  exports: Record<string, string>;
  peerDependencies: Record<string, string>;
}

/** `shared`'s package.json as the app being built resolves it (tooling does not depend on it). */
function readSharedPackage(appRoot: string): SharedPackage {
  return createRequire(path.join(appRoot, 'package.json'))('shared/package.json') as SharedPackage;
}
/** Every remote's own development page uses this template; the host has its own. */
const REMOTE_PAGE_TEMPLATE = fileURLToPath(new URL('./remote-page.html', import.meta.url));

/** The range `shared` declares for a library every app must run once (its peerDependencies). */
function peerRange(sharedPackage: SharedPackage, name: string): string {
  const range = sharedPackage.peerDependencies[name];
  if (!range) throw new Error(`shared/package.json declares no peer dependency ${name}`);
  return range;
}

/**
 * The version of `name` the app at `appRoot` has installed, read from that package's own
 * package.json (found above its entry point: not every package exports its package.json).
 * Undefined when the app does not depend on it.
 */
function installedVersion(appRoot: string, name: string): string | undefined {
  let entry: string;
  try {
    entry = createRequire(path.join(appRoot, 'package.json')).resolve(name);
  } catch {
    return undefined;
  }
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === name) return manifest.version;
  }
  return undefined;
}

/**
 * The folders of `shared` that run in the browser: every subpath export but test helpers and
 * styles (CSS, imported by the host alone) and the package's own metadata.
 */
export function sharedRuntimeFolders(sharedPackage: SharedPackage): string[] {
  return Object.keys(sharedPackage.exports)
    .filter((key) => key.endsWith('/*'))
    .map((key) => `shared/${key.slice(2, -1)}`)
    .filter((folder) => folder !== 'shared/testing/' && folder !== 'shared/styles/');
}

/**
 * Packages that must exist once per page: one React, one router, one zustand, one QueryClient
 * context, one form library, and one copy of each runtime module of `shared` (which holds the
 * stores). `react-dom` sharing does not cover its subpaths, so they are listed too. Every range
 * is read from `shared`'s package.json, never written twice (decision 010).
 */
export function sharedSingletons(appRoot: string) {
  const sharedPackage = readSharedPackage(appRoot);
  const peer = (name: string) => peerRange(sharedPackage, name);
  const singleton = (range: string) => ({ singleton: true, requiredVersion: range }) as const;
  const react = peer('react');
  const reactDom = peer('react-dom');
  const router = peer('react-router-dom');
  const sharedRange = `^${sharedPackage.version}`;
  const resolvers = installedVersion(appRoot, '@hookform/resolvers');
  const resolversVersion = resolvers ? { version: resolvers } : {};
  return {
    react: singleton(react),
    'react/jsx-runtime': singleton(react),
    'react/jsx-dev-runtime': singleton(react),
    'react-dom': singleton(reactDom),
    'react-dom/client': singleton(reactDom),
    // react-router-dom re-exports react-router: both move in lockstep.
    'react-router': singleton(router),
    'react-router-dom': singleton(router),
    zustand: singleton(peer('zustand')),
    '@tanstack/react-query': singleton(peer('@tanstack/react-query')),
    'react-hook-form': singleton(peer('react-hook-form')),
    // Its subpath folder carries a package.json of its own (version 1.0.0), which federation
    // would take for the version: name the package's installed version instead.
    '@hookform/resolvers/zod': {
      ...singleton(peer('@hookform/resolvers')),
      ...resolversVersion,
    },
    // A trailing slash shares every module under the folder (shared/stores/ui-store, ...).
    ...Object.fromEntries(
      sharedRuntimeFolders(sharedPackage).map((folder) => [
        folder,
        {
          singleton: true,
          version: sharedPackage.version,
          requiredVersion: sharedRange,
          // Named, so the bundler need not resolve the folder itself (a deprecated Node lookup).
          packageName: 'shared',
        } as const,
      ]),
    ),
  };
}

export interface AppConfigOptions {
  /** The app's folder (its package root). */
  root: string;
  /** Federation name: an identifier, also the output's uniqueName. */
  name: string;
  mode: 'development' | 'production';
  devPort: number;
  exposes?: Record<string, string>;
  runtimePlugins?: string[];
  /** Where built files are served from: 'auto' for remotes, '/' for the host. */
  publicPath: string;
  devServer?: Configuration['devServer'];
  /** The page title of the app's own HTML page. */
  title: string;
}

/** One Rspack configuration shape for the host and every remote, so they build alike. */
export function createAppConfig(options: AppConfigOptions): Configuration {
  const isProduction = options.mode === 'production';
  const hashed = isProduction ? '.[contenthash:8]' : '';
  const isRemote = Boolean(options.exposes);

  return {
    mode: options.mode,
    context: options.root,
    entry: { main: './src/index.ts' },
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(options.root, 'dist'),
      uniqueName: options.name,
      publicPath: options.publicPath,
      // Content hashes let a redeployed remote's new chunks replace cached old ones.
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      cssFilename: `[name]${hashed}.css`,
      cssChunkFilename: `[name]${hashed}.css`,
      assetModuleFilename: `assets/[name]${hashed}[ext]`,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    module: {
      parser: {
        'css/auto': { namedExports: false },
      },
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              target: 'es2022',
              transform: {
                react: { runtime: 'automatic', development: !isProduction, refresh: false },
              },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: isRemote ? REMOTE_PAGE_TEMPLATE : path.join(options.root, 'public/index.html'),
        title: options.title,
        // The remote entry must come from the federation runtime, not a second script tag.
        excludeChunks: isRemote ? [options.name] : [],
      }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(options.mode),
      }),
      new ModuleFederationPlugin({
        name: options.name,
        ...(isRemote
          ? { filename: 'remoteEntry.js', exposes: options.exposes, manifest: true }
          : {}),
        shared: sharedSingletons(options.root),
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins ?? [],
        // Type downloads need the network; remote module types live in shared/federation.
        dts: false,
      }),
    ],
    optimization: {
      minimize: isProduction,
    },
    performance: { hints: false },
    // Lazy compilation (Rspack 2's dev default) splits modules the federation runtime
    // expects to find already registered, which broke a remote's standalone page.
    lazyCompilation: false,
    devServer: {
      port: options.devPort,
      hot: true,
      historyApiFallback: true,
      headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
      client: { overlay: { errors: true, warnings: false } },
      // Same origin for the API in development too: the dev server proxies to the provider.
      proxy: [
        {
          context: ['/api', '/media'],
          target: apiUpstream(),
          changeOrigin: true,
        },
      ],
      ...options.devServer,
    },
  };
}
