/**
 * Gives the browser the main thread back between two steps of the page's start: input, paint
 * and the network get their turn, and no step is one long task (TBT, decision 020). Chromium's
 * `scheduler.yield()` resumes ahead of other work; elsewhere a new task does.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs each step in a task of its own. The host's start evaluates about 600 KB of modules
 * (React DOM, the router, axios, the API's schemas): evaluated in one go they were one task
 * of 0.5–1 s on a 4× slower phone, after the server's page had already painted.
 */
export async function inSteps(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await yieldToMain();
    await step();
  }
}
