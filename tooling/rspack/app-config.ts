import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { apiUpstream } from '../apps.ts';
import { PrecompressPlugin } from './precompress-plugin.ts';

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
 * Packages that must exist once per page: one React, one zustand, one QueryClient context,
 * one form library, and one copy of each runtime module of `shared` (which holds the stores
 * and the slices' door to the host's router). `react-dom` sharing does not cover its
 * subpaths, so they are listed too. Every range is read from `shared`'s package.json, never
 * written twice (decision 010).
 */
export function sharedSingletons(appRoot: string) {
  const sharedPackage = readSharedPackage(appRoot);
  const peer = (name: string) => peerRange(sharedPackage, name);
  const singleton = (range: string) => ({ singleton: true, requiredVersion: range }) as const;
  const react = peer('react');
  const reactDom = peer('react-dom');
  const sharedRange = `^${sharedPackage.version}`;
  const resolvers = installedVersion(appRoot, '@hookform/resolvers');
  const resolversVersion = resolvers ? { version: resolvers } : {};
  return {
    react: singleton(react),
    'react/jsx-runtime': singleton(react),
    'react/jsx-dev-runtime': singleton(react),
    'react-dom': singleton(reactDom),
    'react-dom/client': singleton(reactDom),
    // react-router is not shared: shared whole it weighed 60 KB gzip on every first load,
    // tree-shaken in the host it weighs a third of that. Slices reach the host's one router
    // through shared/navigation/router, itself a singleton (decision 014).
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

/**
 * The federation plugin of one compilation. The host carries the one federation runtime of
 * the page and offers it to the remotes (`provideExternalRuntime`); a production remote's
 * container uses it instead of shipping its own: about 20 KB gzip less per remote entry
 * (decision 014).
 */
function federationPlugin(
  options: AppConfigOptions,
  kind: 'host' | 'remote' | 'remote-external-runtime',
): ModuleFederationPlugin {
  return new ModuleFederationPlugin({
    name: options.name,
    ...(kind === 'host'
      ? { experiments: { provideExternalRuntime: true, optimization: { target: 'web' } } }
      : { filename: 'remoteEntry.js', exposes: options.exposes, manifest: true }),
    ...(kind === 'remote-external-runtime'
      ? { experiments: { externalRuntime: true, optimization: { target: 'web' } } }
      : {}),
    shared: kind === 'host' ? hostShares(options.root) : sharedSingletons(options.root),
    shareStrategy: 'loaded-first',
    runtimePlugins: options.runtimePlugins ?? [],
    // Type downloads need the network; remote module types live in shared/federation.
    dts: false,
  });
}

/**
 * A remote's production build: its federation container, which leans on the host's runtime,
 * and its own standalone page, which has no host and so is a plain app of the same modules.
 * The page is built after the container (which cleans `dist/`), into the same folder. In
 * development one compilation does both, with its own runtime, as the dev server expects.
 */
export function createRemoteConfigs(options: AppConfigOptions): Configuration | Configuration[] {
  if (options.mode !== 'production') return createAppConfig(options);
  const container = createAppConfig(options, {
    page: false,
    federation: 'remote-external-runtime',
  });
  const page = createAppConfig(options, { page: true, federation: 'none' });
  return [
    { ...container, name: 'container' },
    {
      ...page,
      name: 'page',
      dependencies: ['container'],
      output: { ...page.output, clean: false },
    },
  ];
}

/**
 * Stateless federation helpers a production remote's container takes from the host, as it
 * takes the runtime core (host/src/federation/plugins/provide-runtime-utilities-plugin.cjs).
 */
const HOST_RUNTIME_UTILITIES = {
  '@module-federation/sdk': '_FEDERATION_SDK',
  '@module-federation/error-codes': '_FEDERATION_ERROR_CODES',
};

/** What the host itself runs on at start: bundled into its first scripts, not fetched after. */
const HOST_EAGER = new Set([
  'react',
  'react/jsx-runtime',
  // What the development build's JSX compiles to (pnpm dev).
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@tanstack/react-query',
]);

/**
 * Shared modules the host provides but does not start with: the sanitiser (and DOMPurify,
 * 11 KB gzip) is for CMS text below the fold and the terms page, so it loads when they do.
 */
const HOST_LAZY = new Set(['shared/lib/sanitize-html']);

/**
 * The host's shares: the same singletons, but what it starts with is eager. Its page then
 * names every script it needs from the start, and they travel together with the remotes'
 * manifests instead of one after another behind an async boundary (decision 014). The
 * remotes, loaded after the host, take the host's copies.
 */
export function hostShares(appRoot: string) {
  const shares: Record<string, object> = sharedSingletons(appRoot);
  const sharedRoot = path.dirname(
    createRequire(path.join(appRoot, 'package.json')).resolve('shared/package.json'),
  );
  const eager: Record<string, object> = {};
  for (const [name, share] of Object.entries(shares)) {
    if (!name.startsWith('shared/')) {
      eager[name] = HOST_EAGER.has(name) ? { ...share, eager: true } : share;
      continue;
    }
    // A folder is shared module by module here, so one module can stay lazy.
    const folder = path.join(sharedRoot, 'src', name.slice('shared/'.length));
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|\.d\.ts$/.test(file)) continue;
      const module = `${name}${file
        .split(path.sep)
        .join('/')
        .replace(/\.tsx?$/, '')}`;
      eager[module] = HOST_LAZY.has(module) ? share : { ...share, eager: true };
    }
  }
  return eager;
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

/**
 * How one compilation of an app is made: the app's page (`page`), its federation container
 * or host runtime (`federation`), or both. Production remotes are built as two compilations
 * (see createRemoteConfigs); everything else is one.
 */
interface Build {
  page: boolean;
  federation: 'host' | 'remote' | 'remote-external-runtime' | 'none';
}

/** One Rspack configuration shape for the host and every remote, so they build alike. */
export function createAppConfig(
  options: AppConfigOptions,
  build: Build = { page: true, federation: options.exposes ? 'remote' : 'host' },
): Configuration {
  const isProduction = options.mode === 'production';
  const hashed = isProduction ? '.[contenthash:8]' : '';
  const isRemote = Boolean(options.exposes);

  return {
    mode: options.mode,
    context: options.root,
    // A container-only compilation has no page entry: the federation plugin adds its own.
    entry: build.page ? { main: './src/index.ts' } : {},
    // Production maps are written for the team (an error tracker, a debugging session) but not
    // linked from the files, and the servers never send them: customers get no source.
    devtool: isProduction ? 'hidden-source-map' : 'eval-cheap-module-source-map',
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
      ...(build.page
        ? [
            new rspack.HtmlRspackPlugin({
              template: isRemote
                ? REMOTE_PAGE_TEMPLATE
                : path.join(options.root, 'public/index.html'),
              title: options.title,
              // The remote entry must come from the federation runtime, not a second script tag.
              excludeChunks: isRemote ? [options.name] : [],
            }),
          ]
        : []),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(options.mode),
      }),
      ...(build.federation === 'none' ? [] : [federationPlugin(options, build.federation)]),
      // Its helpers too, not only the runtime core (HOST_RUNTIME_UTILITIES).
      ...(build.federation === 'remote-external-runtime'
        ? [new rspack.ExternalsPlugin('global', HOST_RUNTIME_UTILITIES)]
        : []),
      ...(isProduction ? [new PrecompressPlugin()] : []),
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
