/**
 * A mock answer held back until the test lets it through. A test of "shows that it is busy"
 * then sees the busy state however slow the machine is, where a fixed delay would race it.
 */
export interface Gate {
  /** Resolves once the test has called `open`. Await it inside an msw handler. */
  passed(): Promise<void>;
  /** Lets every held and later answer through. */
  open(): void;
}

export function createGate(): Gate {
  let release: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { passed: () => opened, open: () => release() };
}
