import { createRequire } from 'node:module';
import path from 'node:path';
import type { Configuration } from '@rspack/core';
import { HOST_LAZY } from './shares.ts';
import { slotsTogetherGroups } from './slots-together.ts';

/**
 * The chunk of a slice's own copies of `shared`'s modules. The host provides every module a
 * first screen uses (host/src/federation/first-screen-shares), so a first load never takes it
 * (the e2e first-load budget holds that).
 */
export const SHARED_PACKAGE_CHUNK = 'shared-package';

export type SplitChunks = Exclude<NonNullable<Configuration['optimization']>['splitChunks'], false>;

/**
 * `shared`'s stylesheets a slice composes into its own classes (`shared/styles/*-parts.module.css`).
 * They are the slice's own CSS, compiled with its names: in `shared-package` they would bring
 * that chunk, which a first screen never takes, onto every screen that composes them.
 */
const COMPOSED_STYLE = /[\\/]styles[\\/][^\\/]+-parts\.module\.css$/;

/** What splitChunks' `test` and `name` are given: the parts of a module read here. */
export interface ModuleLike {
  nameForCondition?: () => string | null | undefined;
  resource?: string;
}

export const resourceOf = (module: ModuleLike) =>
  module.nameForCondition?.() ?? module.resource ?? '';

/** The folder of `shared`'s source as the app at `appRoot` resolves it, with a trailing separator. */
export function sharedSourceOf(appRoot: string): string {
  const sharedPackage = createRequire(path.join(appRoot, 'package.json')).resolve(
    'shared/package.json',
  );
  return path.join(path.dirname(sharedPackage), 'src') + path.sep;
}

/** The package a file in node_modules belongs to (`@tanstack/react-query`), else undefined. */
export function packageOf(resource: string): string | undefined {
  const at = resource.lastIndexOf(`node_modules${path.sep}`);
  if (at < 0) return undefined;
  const [scope = '', name = ''] = resource.slice(at + 'node_modules/'.length).split(path.sep);
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/** A chunk name from a package's (`lib-tanstack-react-query`). */
export const libraryChunkName = (packageName: string) =>
  `lib-${packageName.replace(/^@/, '').replace(/\//g, '-')}`;

/**
 * How a remote's production container groups the copies of shared modules it carries in case
 * the page's host does not provide them (its fallbacks, and what it offers the share scope).
 *
 * Left to the defaults, every shared module was a chunk of its own, twice (once as the
 * container's offer, once as its fallback), and each of the stylesheet's users carried a copy
 * of it: 74 chunks in the home slice's container, 116 in the loans slice's. The entry names
 * each chunk with its integrity digest (decision 025), 48 random bytes that do not compress:
 * 3.8 and 6.2 KB gzip of the two entries, on every page that loads them. The host provides
 * what it and the first screens use, so a slice takes its own copies only for a later screen
 * (a form's modules, once, all together) or in a rollout's skew window.
 *
 * - `shared`'s own modules are one chunk, `shared-package`; the host's lazy ones are a chunk
 *   each: the host may not have loaded them when a slice asks, and a slice then takes its own.
 * - A library's modules that two chunks would each carry are one chunk of that library.
 * - The slice's own modules that two slots a page shows together both use are one chunk
 *   (slots-together.ts).
 */
export function fallbackChunks(appRoot: string, remote: string): SplitChunks {
  const sharedSource = sharedSourceOf(appRoot);
  const hostLazyFiles = [...HOST_LAZY].map((name) =>
    path.join(sharedSource, name.slice('shared/'.length)),
  );
  const isHostLazy = (resource: string) =>
    hostLazyFiles.some((file) => resource.startsWith(`${file}.`));
  const isComposedStyle = (resource: string) =>
    resource.startsWith(sharedSource) && COMPOSED_STYLE.test(resource);
  // Scripts only: a module's stylesheet stays in each slot's CSS file, so the rules a slot's
  // own classes override keep the order that one file has always given them.
  const isOwnScript = (module: ModuleLike) => {
    const resource = resourceOf(module);
    return (
      !resource.startsWith(sharedSource) &&
      packageOf(resource) === undefined &&
      !resource.endsWith('.css')
    );
  };
  return {
    chunks: 'async',
    cacheGroups: {
      sharedPackage: {
        test: (module: ModuleLike) => {
          const resource = resourceOf(module);
          return (
            resource.startsWith(sharedSource) && !isHostLazy(resource) && !isComposedStyle(resource)
          );
        },
        name: SHARED_PACKAGE_CHUNK,
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
      // Each of the host's lazy modules once, not once per use.
      sharedLazy: {
        test: (module: ModuleLike) => isHostLazy(resourceOf(module)),
        name: (module: ModuleLike) => `shared-${path.basename(resourceOf(module)).split('.')[0]}`,
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
      ...slotsTogetherGroups(remote, isOwnScript),
      libraries: {
        test: (module: ModuleLike) => packageOf(resourceOf(module)) !== undefined,
        name: (module: ModuleLike) => libraryChunkName(packageOf(resourceOf(module)) ?? 'vendor'),
        chunks: 'async',
        minChunks: 2,
        minSize: 0,
        priority: 10,
        reuseExistingChunk: true,
      },
    },
  };
}
