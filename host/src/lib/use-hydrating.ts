import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while React hydrates the server's HTML, false whenever it renders in the browser: React
 * reads the server snapshot while hydrating (every attempt: one may be interrupted and begun
 * again) and the client one otherwise, re-rendering once hydrated.
 */
export const useHydrating = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
