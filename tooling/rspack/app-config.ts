import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';
import { DEV_GATEWAY_APP, portOf, type RemoteApp, remoteApp } from 'release-contract/apps';
import { apiClientChunk } from './api-client-chunk.ts';
import { fallbackChunks } from './fallback-chunks.ts';
import { hostLentExternals } from './host-lent-runtime.ts';
import { PrecompressPlugin } from './precompress-plugin.ts';
import { createRemoteServerConfig } from './server-config.ts';
import { hostShares, sharedSingletons } from './shares.ts';
import { type ModuleWithReasons, stableFederationStats } from './stable-federation-stats.ts';
import { typescriptRule } from './typescript-rule.ts';

// A slice's config types its `exposes` map by what it hands sliceConfigs: a remote imports only
// shared and its build tools, not release-contract.
export type { ExposesOf } from 'release-contract/remotes';

/** Every remote's own development page uses this template; the host has its own. */
const REMOTE_PAGE_TEMPLATE = fileURLToPath(new URL('./remote-page.html', import.meta.url));

/** The build's modules with why each is in it: what the federation stats are attributed from. */
function modulesWithReasons(compilation: {
  getStats(): { toJson(options: object): { modules?: ModuleWithReasons[] } };
}): ModuleWithReasons[] {
  return compilation.getStats().toJson({ all: false, modules: true, reasons: true }).modules ?? [];
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
      : {
          filename: 'remoteEntry.js',
          exposes: options.exposes,
          // The same sources give the same stats and manifest: a release's id is its bytes'.
          manifest: {
            additionalData: ({ stats, compilation }) =>
              stableFederationStats(stats, modulesWithReasons(compilation)),
          },
        }),
    ...(kind === 'remote-external-runtime'
      ? { experiments: { externalRuntime: true, optimization: { target: 'web' } } }
      : {}),
    shared: kind === 'host' ? hostShares(options.root) : sharedSingletons(options.root),
    shareStrategy: 'loaded-first',
    runtimePlugins: options.runtimePlugins ?? [],
    // Type downloads need the network; the remote module contract is release-contract/remotes.
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
  const server = createRemoteServerConfig({
    root: options.root,
    name: options.name,
    exposes: options.exposes ?? {},
  });
  return [
    { ...container, name: 'container' },
    {
      ...page,
      name: 'page',
      dependencies: ['container'],
      output: { ...page.output, clean: false },
    },
    // Its server bundle, named in the container's manifest (decision 020).
    { ...server, dependencies: ['container'] },
  ];
}

/**
 * A slice's `rspack.config.ts`: its federation name, title and development port from
 * release-contract/apps, its `exposes` map (which `satisfies` release-contract/remotes),
 * nothing else of its own.
 */
export function sliceConfigs(
  folder: RemoteApp['folder'],
  /** The config's own `import.meta.url`: the slice's root is the folder it stands in. */
  configUrl: string,
  exposes: Record<string, string>,
): (
  env: unknown,
  argv: { mode?: 'development' | 'production' },
) => Configuration | Configuration[] {
  const app = remoteApp(folder);
  return (_env, argv) =>
    createRemoteConfigs({
      root: path.dirname(fileURLToPath(configUrl)),
      name: app.name,
      title: `${folder} · ონლაინ სესხი`,
      mode: argv.mode ?? 'production',
      devPort: portOf(app),
      publicPath: 'auto',
      exposes,
    });
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
      // Integrity is checked only on what is fetched with CORS (a remote's chunks, decision 025).
      ...(build.federation === 'remote-external-runtime'
        ? { crossOriginLoading: 'anonymous' }
        : {}),
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
        typescriptRule({ development: !isProduction }),
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
      // Its helpers too, not only the runtime core (host-lent-runtime.ts).
      ...(build.federation === 'remote-external-runtime'
        ? [
            new rspack.ExternalsPlugin('global', hostLentExternals()),
            // The entry carries every chunk's digest and loads each with it: pinning the entry
            // (its rollout, decision 025) pins the whole release in the browser.
            new rspack.SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], htmlPlugin: false }),
          ]
        : []),
      ...(isProduction ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimize: isProduction,
      ...(build.federation === 'remote-external-runtime'
        ? { splitChunks: fallbackChunks(options.root, options.name) }
        : {}),
      ...(build.federation === 'host' ? { splitChunks: apiClientChunk(options.root) } : {}),
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
      // Same origin for the API in development too: the dev server passes the provider's paths
      // and the session's own to the session holder, which calls the provider (decision 027).
      proxy: [
        {
          context: ['/api', '/media', '/session'],
          target: `http://localhost:${portOf(DEV_GATEWAY_APP)}`,
          changeOrigin: true,
        },
      ],
      ...options.devServer,
    },
  };
}
