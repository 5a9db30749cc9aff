import { untilAnswers } from '../until-answers';

/*
 * nginx answers the moment it starts, with its stand-in page while no page server does
 * (decision 016), so "nginx answers" does not say the product is served. What does: every page
 * server ready (its `/ready`: workers started, not draining) and the provider answering. Said
 * once as a line (`SERVING_LINE`), which whoever waits for the deployment waits for.
 */

/** The line `start` prints once every address below answers. */
export const SERVING_LINE = 'nginx: serving';

/**
 * Resolves once every address answers below 400, each asked until it does; rejects after
 * `timeoutMs` naming those that never did.
 */
export async function untilServing(urls: readonly string[], timeoutMs: number): Promise<void> {
  const waits = await Promise.allSettled(
    urls.map((url) => untilAnswers(url, timeoutMs, (response) => response.status < 400)),
  );
  const never = urls.filter((_url, index) => waits[index]?.status === 'rejected');
  if (never.length > 0) {
    throw new Error(`not serving after ${timeoutMs / 1000} s: ${never.join(', ')} never answered`);
  }
}
