import { preloadApiClient } from 'shared/api/request-json';

/**
 * What comes before a call to the provider: a press, a key, a focus, a pointer moving over the
 * page (a mouse's hover comes well before its click; a finger's touch comes with its press).
 */
export const INTENT_EVENTS = [
  'pointermove',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
] as const;

/**
 * Fetches the API client at the first sign of a person using the page, so the calculator's
 * first answer does not wait for it; a page the server rendered is read without it (decision
 * 031). A call made before any such sign fetches it itself. Returns a function that stops
 * listening.
 */
export function preloadApiClientOnIntent(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, options);
  };
  function onIntent() {
    stop();
    preloadApiClient();
  }
  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, options);
  return stop;
}
