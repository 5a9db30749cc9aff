import { connect } from 'node:net';

/*
 * Waiting for a server the suite or a script started: until it answers, or until nothing listens
 * where it will. Every wait has a deadline and names what did not come.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export { untilAnswers } from 'deploy/until-answers';

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
