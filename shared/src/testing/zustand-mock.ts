import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type * as ZustandExports from 'zustand';

// The zustand testing guide's mock: record each store's initial state, restore it after each test.
const actual = await vi.importActual<typeof ZustandExports>('zustand');
const resets = new Set<() => void>();

const createUncurried = <T>(creator: ZustandExports.StateCreator<T>) => {
  const store = actual.create(creator);
  const initial = store.getInitialState();
  resets.add(() => store.setState(initial, true));
  return store;
};

export const create = (<T>(creator?: ZustandExports.StateCreator<T>) =>
  creator ? createUncurried(creator) : createUncurried) as typeof ZustandExports.create;

export const useStore = actual.useStore;
export const createStore = actual.createStore;

// This hook runs before the setup file's clean-up: unmount first, so a reset store (a logged-out
// session, say) never renders into a page the test is finished with.
afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
  act(() => {
    for (const reset of resets) reset();
  });
});
