import { connect } from 'node:net';

/*
 * Waiting for a server the suite or a script started: until it answers, or until nothing listens
 * where it will. Every wait has a deadline and names what did not come.
 */

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

/** Whether something accepts connections on host:port now. */
export function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Until something listens on host:port. */
export async function untilListening(host: string, port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(host, port))) {
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port}`);
    await pause(100);
  }
}

/** Until nothing listens on host:port for any of `ports`, or throws naming those still held. */
export async function untilFree(host: string, ports: readonly number[], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = (
      await Promise.all(ports.map(async (port) => ((await accepts(host, port)) ? port : 0)))
    ).filter(Boolean);
    if (held.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`ports ${held.join(', ')} are still served on ${host}; stop those servers`);
    }
    await pause(250);
  }
}
