const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until `url` answers as `accepted` says (a 2xx by default), or throws after `timeoutMs`: how a
 * script waits for a server it started (nginx's `start`, the e2e suite's servers).
 */
export async function untilAnswers(
  url: string,
  timeoutMs = 60_000,
  accepted: (response: Response) => boolean | Promise<boolean> = (response) => response.ok,
  init?: RequestInit,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) }).catch(
      () => undefined,
    );
    if (response && (await accepted(response))) return;
    await response?.body?.cancel();
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await pause(200);
  }
}
