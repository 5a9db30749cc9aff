import { connect } from 'node:net';
import { readBoundedLines, writeLine } from './bounded-lines';
import { cpuTimeMs } from './process-cpu';
import type { ToWorker, WorkerInit } from './render-protocol';
import type { RenderServiceAddress } from './render-service-address';
import {
  CONNECT_WITHIN_MS,
  fromServiceSchema,
  type Hello,
  type ToService,
} from './render-service-protocol';
import type { WorkerCgroup } from './worker-cgroup';
import { residentMb } from './worker-memory';
import { startWorkerProcess, type WorkerProcessOptions } from './worker-process';

/*
 * A render worker as the pool talks to it and watches it, wherever it runs (decision 041): the
 * page server's own child process, or a worker a slice's render service started for one
 * connection in that slice's pods. The pool's judgments are the same for both: what the worker
 * said, its CPU time and its resident size — read from /proc for a child, from the service's
 * vitals for a worker in a service.
 */

export interface WorkerChannel {
  /** Its process id on this machine (tests, benchmarks); undefined in a render service. */
  readonly pid: number | undefined;
  send(message: ToWorker): void;
  /** Ends it now; what it was doing is lost. */
  kill(): void;
  /** It ends once it has nothing under way (its IPC channel closes). */
  retire(): void;
  /** The CPU time it has used (ms), or undefined where it cannot be known. */
  cpuMs(): number | undefined;
  /** Its resident memory (MB), or undefined where it cannot be known. */
  residentMb(): number | undefined;
  /** The cap its resident memory is judged by, where it runs (MB). */
  readonly memoryCapMb: number;
  /** The kernel holds it to that cap (a memory cgroup of its own): the watchdog need not. */
  readonly cappedByKernel: boolean;
  /** Settles once it has ended. */
  readonly ended: Promise<void>;
}

export interface WorkerEvents {
  /** One of its messages, unparsed: the pool parses it (render-protocol). */
  onMessage: (raw: unknown) => void;
  /** A line it printed, for the page server's log (bounded). */
  onLine: (line: string) => void;
  /**
   * It ended, or can no longer be reached: why, in a few words. `lost`: its render service went
   * away without saying the worker ended (a pod stopped, a network cut), so nothing is known of
   * what the worker did.
   */
  onExit: (why: string, lost: boolean, cause?: 'memory') => void;
  /** Where it runs is stopping: it should be retired, and another started. */
  onDraining?: () => void;
}

/**
 * A worker that is the page server's own child process, in a memory cgroup of its own when
 * `cgroup` is given (worker-cgroup): the kernel stops it at its cap, and its exit says so.
 */
export function localWorker(
  options: Omit<WorkerProcessOptions, 'onLine'> & { memoryCapMb: number; cgroup?: WorkerCgroup },
  events: WorkerEvents,
): WorkerChannel {
  const { cgroup, ...started } = options;
  const child = startWorkerProcess({ ...started, onLine: events.onLine });
  const cappedByKernel = child.pid !== undefined && cgroup?.join(child.pid) === true;
  if (!cappedByKernel) cgroup?.remove();
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', events.onMessage);
  child.on('exit', (code, signal) => {
    if (cappedByKernel && signal === 'SIGKILL' && cgroup?.oomKilled()) {
      events.onExit(
        `its memory reached its ${options.memoryCapMb} MB cap, where the kernel stopped it`,
        false,
        'memory',
      );
    } else {
      events.onExit(`it exited (${signal ?? code})`, false);
    }
    if (cappedByKernel) cgroup?.remove();
  });
  child.on('error', (error) => events.onExit(error.message, false));
  return {
    pid: child.pid,
    send: (message) => {
      if (child.connected) child.send(message);
    },
    kill: () => child.kill('SIGKILL'),
    retire: () => {
      if (child.connected) child.disconnect();
    },
    cpuMs: () => cpuTimeMs(child.pid),
    residentMb: () => residentMb(child.pid),
    memoryCapMb: options.memoryCapMb,
    cappedByKernel,
    ended,
  };
}

/**
 * A worker in a slice's render service, one connection to it. Until the service says the
 * worker started, its memory is judged by the page server's own cap; its vitals are the last the
 * service sent (a service that stops sending them leaves a worker that looks still, which the
 * watchdog stops once its patience is spent).
 */
export function serviceWorker(
  address: RenderServiceAddress,
  hello: { init: WorkerInit; heapMb: number; exposeGc: boolean; memoryCapMb: number },
  events: WorkerEvents,
): WorkerChannel {
  const socket = connect({ host: address.host, port: address.port, noDelay: true });
  let vitals: { cpuMs?: number | undefined; residentMb?: number | undefined } = {};
  let memoryCapMb = hello.memoryCapMb;
  let over = false;
  const where = `${address.host}:${address.port}`;
  const connecting = setTimeout(
    () =>
      end(
        `its render service at ${where} did not take the connection in ${CONNECT_WITHIN_MS} ms`,
        true,
      ),
    CONNECT_WITHIN_MS,
  );
  socket.once('connect', () => clearTimeout(connecting));
  const end = (why: string, lost = false) => {
    if (over) return;
    over = true;
    clearTimeout(connecting);
    socket.destroy();
    events.onExit(why, lost);
  };
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const first: Hello = {
    kind: 'hello',
    init: hello.init,
    heapMb: hello.heapMb,
    exposeGc: hello.exposeGc,
  };
  writeLine(socket, first);
  readBoundedLines(
    socket,
    (line) => {
      let parsed: ReturnType<typeof fromServiceSchema.safeParse>;
      try {
        parsed = fromServiceSchema.safeParse(JSON.parse(line));
      } catch {
        end('its render service sent a line that is not JSON');
        return;
      }
      if (!parsed.success) {
        end('its render service sent a line that is not the protocol');
        return;
      }
      const message = parsed.data;
      switch (message.kind) {
        case 'from':
          events.onMessage(message.message);
          return;
        case 'vitals':
          vitals = message;
          return;
        case 'line':
          events.onLine(message.line);
          return;
        case 'started':
          memoryCapMb = message.memoryCapMb;
          return;
        case 'draining':
          events.onDraining?.();
          return;
        case 'exit':
          end(`it exited (${message.signal ?? message.code})`);
          return;
        case 'refused':
          end(`its render service refused it: ${message.why}`, true);
      }
    },
    () => end('its render service sent a line longer than the protocol allows'),
  );
  socket.on('error', (error) => end(`its render service at ${where}: ${error.message}`, true));
  socket.on('close', () => end(`its render service at ${where} closed the connection`, true));
  const say = (line: ToService) => writeLine(socket, line);
  return {
    pid: undefined,
    send: (message) => say({ kind: 'to', message }),
    kill: () => {
      over = true;
      clearTimeout(connecting);
      socket.destroy();
    },
    retire: () => say({ kind: 'retire' }),
    cpuMs: () => vitals.cpuMs,
    residentMb: () => vitals.residentMb,
    get memoryCapMb() {
      return memoryCapMb;
    },
    cappedByKernel: false,
    ended,
  };
}
