/*
 * A press on a button of a slot's server HTML made before the slot's code has hydrated it is
 * kept, and made again once it has: before the host runs nothing answers it, and after, React
 * stops such a click at the page's root (the part it would go to is not hydrated yet). A
 * customer who taps "apply" or "pay" as soon as they see it would otherwise find that nothing
 * happened (decision 031).
 *
 * Every click on a button is noted on its way down (the window sees it first). Once React's
 * root listens, a click that comes back up to the window went through it (React stops only
 * those it cannot answer yet): it was answered, and is forgotten. One React stopped, or one
 * made before the root listened, stays noted. Only the last is kept. A press made before the
 * host's scripts ran at all was noted by the page's first script (early-press-handoff).
 */

import { type NotedPress, pressedButton, takeNotedPress } from './early-press-handoff';

let kept: NotedPress | null = null;
let watching = false;
/** The element React's root is on, once it listens: clicks inside it go through React. */
let root: Element | null = null;

/**
 * Starts watching the page's clicks: called by the browser's entry before anything else runs,
 * so a press made while the host itself is still starting is kept too.
 */
export function watchEarlyPresses(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  kept = takeNotedPress();
  window.addEventListener(
    'click',
    (event) => {
      const button = pressedButton(event);
      if (button) kept = { event, button };
    },
    true,
  );
  window.addEventListener('click', (event) => {
    if (kept?.event === event && root?.contains(kept.button)) kept = null;
  });
}

/** Says React's root on `container` now listens to its events (bootstrap, as it creates it). */
export function rootListens(container: Element): void {
  root = container;
}

/**
 * Makes a press kept on a button inside `owner` (a slot that has just hydrated) again, once, if
 * the button is still on the page (a slot rendered afresh by another release has new buttons,
 * decision 020). In a task of its own: when React hydrated the slot for the click itself, that
 * click is answered and forgotten first.
 */
export function pressAgainWithin(owner: Element | null): void {
  if (!owner) return;
  setTimeout(() => {
    const press = kept;
    if (!press || !owner.contains(press.button)) return;
    kept = null;
    if (press.button.isConnected) press.button.click();
  }, 0);
}
