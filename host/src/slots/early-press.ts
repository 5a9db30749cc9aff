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

import { SLICE_ATTRIBUTE } from 'release-contract/rum-events';
import { type NotedPress, PRESSABLE, pressedButton, takeNotedPress } from './early-press-handoff';

/**
 * A press kept, with where it was made: the slot element it was in (the nearest one naming a
 * slice, by identity) and the button's words, enough to find its button in that slot drawn
 * afresh — and nowhere else.
 */
interface KeptPress extends NotedPress {
  slot: Element | null;
  label: string;
}

/** A button's words as the customer reads them (its aria-label, else its text). */
const labelOf = (button: HTMLElement) =>
  (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();

const keep = (press: NotedPress | null): KeptPress | null =>
  press && {
    ...press,
    slot: press.button.closest(`[${SLICE_ATTRIBUTE}]`),
    label: labelOf(press.button),
  };

let kept: KeptPress | null = null;
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
  kept = keep(takeNotedPress());
  window.addEventListener(
    'click',
    (event) => {
      const button = pressedButton(event);
      if (button) kept = keep({ event, button });
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
 * The button a press was made on, in a slot React drew afresh instead of hydrating it (another
 * release's, or a page whose customer the browser sees otherwise than the server did): the one
 * button with the same words in the same slot element, if exactly one has them. Only the very
 * element the press was made in counts: a slice's markup may name another slice in an
 * attribute of its own (decision 032), and a press must never move to another slot.
 */
function counterpartWithin(owner: Element, press: KeptPress): HTMLElement | null {
  if (press.slot !== owner || press.label === '') return null;
  const same = [...owner.querySelectorAll<HTMLElement>(PRESSABLE)].filter(
    (button) => labelOf(button) === press.label,
  );
  return same.length === 1 ? (same[0] ?? null) : null;
}

/**
 * Makes a press kept on a button inside `owner` (a slot that has just hydrated) again, once: on
 * the same button, or, when the slot was drawn afresh, on its counterpart (decision 031). In a
 * task of its own: when React hydrated the slot for the click itself, that click is answered
 * and forgotten first.
 */
export function pressAgainWithin(owner: Element | null): void {
  if (!owner) return;
  setTimeout(() => {
    const press = kept;
    if (!press) return;
    const button = press.button.isConnected
      ? owner.contains(press.button)
        ? press.button
        : null
      : counterpartWithin(owner, press);
    if (!button) return;
    kept = null;
    button.click();
  }, 0);
}
