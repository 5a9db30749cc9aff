/** The render bundle's shared scope in tests, which render pages without slices' bundles. */
export const sharedScope: Record<string, () => unknown> = {};
