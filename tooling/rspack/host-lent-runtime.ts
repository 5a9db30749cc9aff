import type { ExternalItem, ExternalItemFunctionData } from '@rspack/core';

/*
 * What a production remote's container takes from the host's federation runtime instead of
 * carrying a copy (decisions 014 and 031): the runtime core (`externalRuntime`), and the
 * stateless helpers below, which the host lends as globals
 * (host/src/federation/plugins/provide-runtime-utilities-plugin.cjs).
 */

/** The federation SDK and error codes, whole. */
const HOST_RUNTIME_UTILITIES = {
  '@module-federation/sdk': '_FEDERATION_SDK',
  '@module-federation/error-codes': '_FEDERATION_ERROR_CODES',
};

/**
 * The bundler runtime's functions, by the file its index asks for. Each takes the container's
 * state as an argument (its `__webpack_require__`); the index itself, the container's
 * `federation` object (its instance, options and share scopes), stays in the container.
 */
export const BUNDLER_FUNCTIONS = [
  'attachShareScopeMap',
  'consumes',
  'getSharedFallbackGetter',
  'init',
  'initContainerEntry',
  'initializeSharing',
  'installInitialConsumes',
  'remotes',
] as const;

/**
 * Whether remotes take the bundler runtime's functions from the host (3.6 KB gzip less per
 * remote entry). A host lends them since decision 031 ("Smaller entries"); a slice that takes them
 * finds nothing on a host from before, so this was off until the host in production
 * (deploy/in-production.json; d36557b was the first) lent them. host-lent-runtime.test fails when it
 * disagrees with that host, and `pnpm test:skew` fails on a slice that borrows from a host
 * that does not lend.
 */
export const REMOTES_BORROW_BUNDLER_FUNCTIONS = true;

/** The global a bundler function is lent as, for the request of the bundler runtime's index. */
export function hostBundlerFunction({
  context = '',
  request = '',
}: ExternalItemFunctionData): [string, string] | undefined {
  if (!/[\\/]webpack-bundler-runtime[\\/]dist$/.test(context)) return undefined;
  const name = /^\.\/(\w+)\.c?js$/.exec(request)?.[1];
  const lent = (BUNDLER_FUNCTIONS as readonly string[]).includes(name ?? '');
  return name && lent ? ['_FEDERATION_BUNDLER_FUNCTIONS', name] : undefined;
}

/** A production remote container's externals, all of type `global`. */
export function hostLentExternals(borrowBundlerFunctions = REMOTES_BORROW_BUNDLER_FUNCTIONS) {
  const externals: ExternalItem[] = [HOST_RUNTIME_UTILITIES];
  if (borrowBundlerFunctions) {
    externals.push((data, callback) => callback(undefined, hostBundlerFunction(data)));
  }
  return externals;
}
