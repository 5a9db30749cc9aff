import { setTimeout as sleep } from 'node:timers/promises';

/*
 * nginx answers the moment it starts, with its stand-in page while no page server does
 * (decision 016), so "nginx answers" does not say the product is served. What does: every page
 * server ready (its `/ready`: workers started, not draining) and the provider answering. Said
 * once as a line (`SERVING_LINE`), which whoever waits for the deployment waits for.
 */

/** The line `start` prints once every address below answers. */
export const SERVING_LINE = 'nginx: serving';

/** How often an address is asked again while it does not answer yet. */
const POLL_MS = 250;

/** Whether the address answers with a status below 400 within a second. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.status < 400;
  } catch {
    return false;
  }
}

/**
 * Resolves once every address answers, each asked until it does; rejects after `timeoutMs`
 * naming those that never did.
 */
export async function untilServing(urls: readonly string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const waiting = new Set(urls);
  while (waiting.size > 0) {
    for (const url of [...waiting]) if (await answers(url)) waiting.delete(url);
    if (waiting.size === 0) return;
    if (Date.now() >= deadline) {
      throw new Error(
        `not serving after ${timeoutMs / 1000} s: ${[...waiting].join(', ')} never answered`,
      );
    }
    await sleep(POLL_MS);
  }
}
