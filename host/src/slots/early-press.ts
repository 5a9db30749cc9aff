import { SLICE_ATTRIBUTE } from '../telemetry/rum-events';

/*
 * A press on a button of a slot's server HTML made before the slot's code has hydrated it is
 * kept, and made again once it has: before the host runs nothing answers it, and after, React
 * stops such a click at the page's root (the part it would go to is not hydrated yet). A
 * customer who taps "apply" or "pay" as soon as they see it would otherwise find that nothing
 * happened (decision 031).
 *
 * Every click on a button is noted on its way down (the window sees it first). One that comes
 * back up to the window in a slot already hydrated was answered, and is forgotten; one React
 * stopped never comes back, and one on a slot not yet hydrated had no answer: those stay noted.
 * Only the last is kept.
 */

/** What counts as a press worth keeping: a button, or anything inside one. */
const PRESSABLE = 'button, input[type="button"], input[type="submit"]';

let kept: { event: Event; button: HTMLElement } | null = null;
let watching = false;
/** The slots' owner elements whose code has hydrated them. */
const hydratedOwners = new WeakSet<Element>();

const ownerOf = (element: Element) => element.closest(`[${SLICE_ATTRIBUTE}]`);

/**
 * Starts watching the page's clicks: called by the browser's entry before anything else runs,
 * so a press made while the host itself is still starting is kept too.
 */
export function watchEarlyPresses(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest<HTMLElement>(PRESSABLE);
      if (button) kept = { event, button };
    },
    true,
  );
  window.addEventListener('click', (event) => {
    if (kept?.event !== event) return;
    const owner = ownerOf(kept.button);
    if (!owner || hydratedOwners.has(owner)) kept = null;
  });
}

/**
 * Says the slot owned by `owner` is hydrated, and makes a press kept on a button inside it
 * again, once, if the button is still on the page (a slot rendered afresh by another release
 * has new buttons, decision 020). In a task of its own: when React hydrated the slot for the
 * click itself, that click is answered and forgotten first.
 */
export function pressAgainWithin(owner: Element | null): void {
  if (!owner) return;
  hydratedOwners.add(owner);
  setTimeout(() => {
    const press = kept;
    if (!press || !owner.contains(press.button)) return;
    kept = null;
    if (press.button.isConnected) press.button.click();
  }, 0);
}
