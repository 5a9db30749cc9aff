import { vi } from 'vitest';
import type * as ZustandExports from 'zustand';
import { recordStoreReset } from './store-resets';

// The zustand testing guide's mock: record each store's initial state; the setup file restores
// it after each test (store-resets.ts).
const actual = await vi.importActual<typeof ZustandExports>('zustand');

const createUncurried = <T>(creator: ZustandExports.StateCreator<T>) => {
  const store = actual.create(creator);
  const initial = store.getInitialState();
  recordStoreReset(() => store.setState(initial, true));
  return store;
};

export const create = (<T>(creator?: ZustandExports.StateCreator<T>) =>
  creator ? createUncurried(creator) : createUncurried) as typeof ZustandExports.create;

export const useStore = actual.useStore;
export const createStore = actual.createStore;
