/** The shared singletons the host's server offers slices' server bundles (tooling/rspack/server-config). */
declare module 'ssr-shared-scope' {
  export const sharedScope: Record<string, () => unknown>;
}
