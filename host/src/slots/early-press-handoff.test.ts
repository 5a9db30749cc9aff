import { notePresses, takeNotedPress } from './early-press-handoff';

afterEach(() => {
  document.body.replaceChildren();
  takeNotedPress();
});

describe('a press noted before the host ran', () => {
  it('is made again once the slot it was in is hydrated', async () => {
    notePresses();
    document.body.innerHTML = '<div><button type="button">pay</button></div>';
    const slot = document.body.firstElementChild as HTMLElement;
    const button = slot.querySelector('button') as HTMLButtonElement;
    button.click();
    const presses: Event[] = [];
    button.addEventListener('click', (event) => presses.push(event));
    // The host's script runs now: a module of its own, as in its bundle.
    vi.resetModules();
    const { pressAgainWithin, watchEarlyPresses } = await import('./early-press');
    watchEarlyPresses();
    pressAgainWithin(slot);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(presses).toHaveLength(1);
  });

  it('is handed over once: the first script stops noting, and a second take finds nothing', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    notePresses();
    document.body.innerHTML = '<button type="button">pay</button>';
    document.querySelector('button')?.click();
    expect(takeNotedPress()?.button).toBe(document.querySelector('button'));
    expect(removed).toHaveBeenCalledWith('click', expect.any(Function), true);
    expect(takeNotedPress()).toBeNull();
    removed.mockRestore();
  });
});
