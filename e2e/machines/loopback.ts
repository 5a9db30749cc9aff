import { connect } from 'node:net';

/*
 * The "machines" of the several-machine test, each on its own loopback address: 127.0.0.0/8 is
 * all loopback on Linux, so a process bound to 127.0.0.3 is reached only there, and killing it
 * leaves the others answering, as a lost machine does.
 */

/** The page servers' machines: each runs one page server on the same port. */
export const MACHINE_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'] as const;
/** The release origin: the static store every release is uploaded to once. */
export const RELEASE_ORIGIN_ADDRESS = '127.0.0.5';
/** Prometheus, which finds the page servers by its file_sd targets file. */
export const PROMETHEUS_ADDRESS = '127.0.0.6';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until `url` answers as `accepted` says (a 2xx by default), or throws after `timeoutMs`. */
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

/** Whether something accepts connections on address:port now. */
export function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, address, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Until something listens on address:port. */
export async function untilListening(address: string, port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(address, port))) {
    if (Date.now() > deadline) throw new Error(`nothing listens on ${address}:${port}`);
    await pause(100);
  }
}
