import { pressAgainWithin, rootListens, watchEarlyPresses } from './early-press';

// The rules of early-press.ts on plain DOM: React's part is played by a listener on the root
// that stops a click (a part not hydrated yet) or lets it through (answered).

/** A page root holding a slot with one button; `presses` counts the clicks the button got. */
function page() {
  const root = document.createElement('div');
  root.innerHTML = '<div data-slice="remote_loans"><button type="button">pay</button></div>';
  document.body.append(root);
  const slot = root.firstElementChild as HTMLElement;
  const button = slot.querySelector('button') as HTMLButtonElement;
  const presses: Event[] = [];
  button.addEventListener('click', (event) => presses.push(event));
  return { root, slot, button, presses };
}

/** Lets the task that makes a kept press again run. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => watchEarlyPresses());
afterEach(() => document.body.replaceChildren());

describe('a press before the slot is hydrated', () => {
  it('that React stopped is made again once the slot is hydrated, once', async () => {
    const { root, slot, button, presses } = page();
    rootListens(root);
    const stop = (event: Event) => event.stopPropagation();
    root.addEventListener('click', stop, true);
    button.click();
    expect(presses).toHaveLength(0);
    root.removeEventListener('click', stop, true);
    pressAgainWithin(slot);
    pressAgainWithin(slot);
    await nextTask();
    expect(presses).toHaveLength(1);
  });

  it('made before React’s root listened is made again once the slot is hydrated', async () => {
    const { slot, button, presses } = page();
    button.click();
    pressAgainWithin(slot);
    await nextTask();
    // The first click reached the button's own listener, as plain HTML does; the second is
    // the one made for it, with the slot's code in place.
    expect(presses).toHaveLength(2);
  });

  it('that React answered is not made again', async () => {
    const { root, slot, button, presses } = page();
    rootListens(root);
    button.click();
    pressAgainWithin(slot);
    await nextTask();
    expect(presses).toHaveLength(1);
  });

  /**
   * "pay" pressed and stopped by React, then the slot drawn afresh as `html` (the browser's page
   * differs from the server's): the clicks each new button gets.
   */
  function pressedThenDrawnAfresh(html: string) {
    const { root, slot, button } = page();
    rootListens(root);
    root.addEventListener('click', (event) => event.stopPropagation(), {
      capture: true,
      once: true,
    });
    button.click();
    slot.innerHTML = html;
    return {
      root,
      slot,
      pressesOf: [...slot.querySelectorAll('button')].map((drawn) => {
        const presses: Event[] = [];
        drawn.addEventListener('click', (event) => presses.push(event));
        return presses;
      }),
    };
  }

  it('on a slot drawn afresh is made on the button with the same words in its place, once', async () => {
    const { slot, pressesOf } = pressedThenDrawnAfresh(
      '<p>pay</p><button type="button">details</button><button type="button">pay</button>',
    );
    pressAgainWithin(slot);
    pressAgainWithin(slot);
    await nextTask();
    expect(pressesOf.map((presses) => presses.length)).toEqual([0, 1]);
  });

  it('on a slot drawn afresh without one button of the same words is not made', async () => {
    const { slot, pressesOf } = pressedThenDrawnAfresh(
      '<button type="button">pay</button><button type="button">pay</button>',
    );
    pressAgainWithin(slot);
    await nextTask();
    expect(pressesOf.map((presses) => presses.length)).toEqual([0, 0]);
  });

  it('on a slot drawn afresh is not made in another slot, whatever slice that one names', async () => {
    const { root, slot, pressesOf } = pressedThenDrawnAfresh('<p>drawn again, without it</p>');
    // Another slice's markup claims to be the pressed one's, with a button of the same words.
    const claim = document.createElement('div');
    claim.setAttribute('data-slice', 'remote_loans');
    claim.innerHTML = '<button type="button">pay</button>';
    root.append(claim);
    const claimed: Event[] = [];
    claim.querySelector('button')?.addEventListener('click', (event) => claimed.push(event));
    pressAgainWithin(claim);
    pressAgainWithin(root);
    await nextTask();
    expect(claimed).toHaveLength(0);
    expect(pressesOf).toEqual([]);
    expect(slot.isConnected).toBe(true);
  });

  it('in another slot is not made for this one', async () => {
    const { root, button, presses } = page();
    rootListens(root);
    const other = document.createElement('div');
    root.append(other);
    root.addEventListener('click', (event) => event.stopPropagation(), true);
    button.click();
    pressAgainWithin(other);
    await nextTask();
    expect(presses).toHaveLength(0);
  });
});
