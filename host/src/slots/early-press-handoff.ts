/*
 * The page's first script (start/start-after-paint) and the host's own scripts are two
 * bundles: a press the first one noted reaches the host through this global, once.
 */

/** What counts as a press worth keeping: a button, or anything inside one. */
export const PRESSABLE = 'button, input[type="button"], input[type="submit"]';

export interface NotedPress {
  event: Event;
  button: HTMLElement;
}

interface Handoff {
  last: NotedPress | null;
  stop: () => void;
}

const HANDOFF = '__hostEarlyPresses';
type WithHandoff = typeof globalThis & { [HANDOFF]?: Handoff };

/** The button a click was on, if it was on one. */
export function pressedButton(event: Event): HTMLElement | null {
  const target = event.target instanceof Element ? event.target : null;
  return target?.closest<HTMLElement>(PRESSABLE) ?? null;
}

/** Notes the last press on a button until the host takes it (`takeNotedPress`). */
export function notePresses(): void {
  const scope = globalThis as WithHandoff;
  if (scope[HANDOFF] || typeof window === 'undefined') return;
  const handoff: Handoff = { last: null, stop: () => {} };
  const note = (event: Event) => {
    const button = pressedButton(event);
    if (button) handoff.last = { event, button };
  };
  window.addEventListener('click', note, true);
  handoff.stop = () => window.removeEventListener('click', note, true);
  scope[HANDOFF] = handoff;
}

/** The press noted before the host ran, if any; from now on the host watches alone. */
export function takeNotedPress(): NotedPress | null {
  const scope = globalThis as WithHandoff;
  const handoff = scope[HANDOFF];
  if (!handoff) return null;
  handoff.stop();
  delete scope[HANDOFF];
  return handoff.last;
}
