/**
 * Each zustand store's way back to its initial state (testing/zustand-mock.ts records them; the
 * setup file runs them after every test). Kept on globalThis: where test files share a worker's
 * modules (testing/vitest-config), a store made in one file must still be reset in the next.
 */
const RESETS = Symbol.for('lender-web.zustand-resets');
const holder = globalThis as { [RESETS]?: Set<() => void> };

function resets(): Set<() => void> {
  holder[RESETS] ??= new Set<() => void>();
  return holder[RESETS];
}

export function recordStoreReset(reset: () => void): void {
  resets().add(reset);
}

export function resetStores(): void {
  for (const reset of resets()) reset();
}
