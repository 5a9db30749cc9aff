import { takeNotedPress } from '../slots/early-press-handoff';
import { startAfterPaint } from './start-after-paint';

/** The page's first script as the server writes it, listing `scripts`. */
function firstScript(scripts?: string): HTMLScriptElement {
  const holder = document.createElement('script');
  if (scripts !== undefined) holder.dataset.scripts = scripts;
  return holder;
}

const added = () =>
  [...document.head.querySelectorAll('script')].map((script) => ({
    src: new URL(script.src).pathname,
    async: script.async,
  }));

/** Runs the frame and the task after it that the first script waits for. */
async function paint(): Promise<void> {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(async () => {
  // What a test's first script scheduled happens within it, not in the next one.
  await paint();
  document.head.replaceChildren();
  document.body.replaceChildren();
  takeNotedPress();
});

describe("a page's first script", () => {
  it("adds the host's scripts once the page has painted, to run in the order listed", async () => {
    startAfterPaint(firstScript('/main.1a2b3c4d.js /vendor.5e6f7a8b.js'));
    expect(added()).toEqual([]);
    await paint();
    expect(added()).toEqual([
      { src: '/main.1a2b3c4d.js', async: false },
      { src: '/vendor.5e6f7a8b.js', async: false },
    ]);
  });

  it('notes a press on a button until the host takes it', () => {
    startAfterPaint(firstScript('/main.1a2b3c4d.js'));
    document.body.innerHTML = '<button type="button"><span>apply</span></button>';
    document.querySelector('span')?.click();
    expect(takeNotedPress()?.button).toBe(document.querySelector('button'));
  });

  it('does nothing on a page that lists no scripts', async () => {
    startAfterPaint(firstScript());
    startAfterPaint(null);
    document.body.innerHTML = '<button type="button">apply</button>';
    document.querySelector('button')?.click();
    await paint();
    expect(added()).toEqual([]);
    expect(takeNotedPress()).toBeNull();
  });
});
