import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';

const require = createRequire(import.meta.url);
const sharedPackage = require('../package.json') as { version: string };
/** Every remote's own development page uses this template; the host has its own. */
const REMOTE_PAGE_TEMPLATE = fileURLToPath(new URL('./remote-page.html', import.meta.url));

/**
 * Packages that must exist once per page: one React, one router, one zustand, and one copy
 * of this workspace package (which holds the stores). `react-dom` sharing does not cover its
 * subpaths, so they are listed too.
 */
export function sharedSingletons() {
  const singleton = { singleton: true } as const;
  return {
    react: { ...singleton, requiredVersion: '^19.3.0' },
    'react/jsx-runtime': { ...singleton, requiredVersion: '^19.3.0' },
    'react/jsx-dev-runtime': { ...singleton, requiredVersion: '^19.3.0' },
    'react-dom': { ...singleton, requiredVersion: '^19.3.0' },
    'react-dom/client': { ...singleton, requiredVersion: '^19.3.0' },
    'react-router': { ...singleton, requiredVersion: '^7.18.0' },
    'react-router-dom': { ...singleton, requiredVersion: '^7.18.0' },
    zustand: { ...singleton, requiredVersion: '^5.1.0' },
    // One QueryClient context and one form library for every slice.
    '@tanstack/react-query': { ...singleton, requiredVersion: '^5.108.0' },
    'react-hook-form': { ...singleton, requiredVersion: '^7.92.0' },
    // Its subpath folder carries a package.json of its own (version 1.0.0): pin nothing there.
    '@hookform/resolvers/zod': { ...singleton, requiredVersion: false as const },
    // A trailing slash shares every subpath import (shared/stores/ui-store, ...).
    'shared/': {
      ...singleton,
      version: sharedPackage.version,
      requiredVersion: `^${sharedPackage.version}`,
    },
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
        shared: sharedSingletons(),
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
          target:
            process.env.API_BASE_URL ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4000}`,
          changeOrigin: true,
        },
      ],
      ...options.devServer,
    },
  };
}
