import type { ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { REMOTE_NAMES } from 'release-contract/remotes';
import { readBoundedLines, writeLine } from './bounded-lines';
import { cpuTimeMs } from './process-cpu';
import { HOST_TENANT } from './render-protocol';
import {
  type FromService,
  HELLO_WITHIN_MS,
  helloSchema,
  MAX_HEAP_MB,
  toServiceSchema,
  VITALS_EVERY_MS,
} from './render-service-protocol';
import { residentMb } from './worker-memory';
import { startWorkerProcess } from './worker-process';
import { stageWorkerFiles, type WorkerIdentity, workerIdentities } from './worker-user';

/*
 * A slice's render service (decision 041): in a cluster, each slice's server code runs in pods
 * of its own, so a release of one slice cannot signal, slow or read another's workers or the
 * page server, and its pods' network policy lets nothing out. Each connection from a page server
 * is one render worker, started here exactly as the page server starts its own (worker-process:
 * --permission without the network, no secret, its lines bounded); the service only carries
 * the render protocol between them, and says what the page server cannot see from its own
 * machine: the worker's CPU time and resident size, and how it ended. The page server judges.
 */

/**
 * How long a stopping service waits for the page servers to retire its workers (each finishes
 * the page it has, bounded by the page's budget) before it ends them.
 */
export const RENDER_SERVICE_DRAIN_MS = 20_000;

export interface RenderServiceOptions {
  /** The remote whose slots this service renders: a hello for another tenant is refused. */
  slice: string;
  /** The worker's script (dist/render-worker.mjs) and the host's render bundle beside it. */
  worker: string;
  bundle: string;
  /** The service's environment: its workers get NODE_ENV and TZ from it, nothing else. */
  env: Record<string, string | undefined>;
  /** The most workers it runs at once. */
  maxWorkers: number;
  /** Each worker's resident memory cap (MB), told to the page server that judges it. */
  memoryCapMb: number;
  /** null keeps the service's own user for its workers (tests); otherwise as worker-user says. */
  identity?: null;
  /** What the service says of itself, for its log. */
  onLog: (line: string) => void;
}

export interface RenderService {
  port: number;
  /** The workers' process ids (tests). */
  pids(): number[];
  /**
   * Takes no new connection and asks each page server to retire its worker here (it starts one
   * elsewhere); ends what is left after `graceMs`.
   */
  drain(graceMs: number): Promise<void>;
  /** Takes no new connection and ends every worker. */
  close(): Promise<void>;
}

export async function startRenderService(
  options: RenderServiceOptions,
  listen: { host: string; port: number },
): Promise<RenderService> {
  if (!(REMOTE_NAMES as readonly string[]).includes(options.slice)) {
    throw new Error(
      `a render service renders one remote's slots (${REMOTE_NAMES.join(', ')}), not "${options.slice}"`,
    );
  }
  const staged = stageWorkerFiles({
    worker: realpathSync(options.worker),
    bundle: realpathSync(options.bundle),
  });
  let identity: WorkerIdentity | undefined;
  if (options.identity === undefined) {
    const { identities, why } = workerIdentities(options.env, [HOST_TENANT, ...REMOTE_NAMES]);
    identity = identities.get(options.slice);
    if (why) options.onLog(`render workers run as the service's own user: ${why}`);
  }
  const workers = new Set<ChildProcess>();
  const sockets = new Set<Socket>();
  /**
   * Each connection with a live worker, and how to tell it the service is stopping. A worker
   * counts against the most from its hello until its connection closes or it exits: one the
   * page server let go is not waited for (it is being killed) before its replacement starts.
   */
  const drains = new Map<Socket, () => void>();

  const serve = (socket: Socket) => {
    sockets.add(socket);
    let child: ChildProcess | undefined;
    const say = (line: FromService) => writeLine(socket, line);
    const refuse = (why: string) => {
      say({ kind: 'refused', why });
      socket.end();
    };
    const helloTimer = setTimeout(() => socket.destroy(), HELLO_WITHIN_MS);
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      drains.delete(socket);
      clearTimeout(helloTimer);
      // The page server let the worker go (or lost the connection): nothing may run unasked.
      child?.kill('SIGKILL');
    });
    const begin = (raw: unknown) => {
      clearTimeout(helloTimer);
      const hello = helloSchema.safeParse(raw);
      if (!hello.success) return refuse('its first line was not a hello');
      const { init, heapMb, exposeGc } = hello.data;
      if (init.tenant !== options.slice) {
        return refuse(`this service renders ${options.slice}, not ${init.tenant}`);
      }
      if (drains.size >= options.maxWorkers) {
        return refuse(`it runs its most workers (${options.maxWorkers})`);
      }
      const started = startWorkerProcess({
        staged,
        init: { ...init, bundle: staged.bundle },
        env: options.env,
        identity,
        heapMb: Math.min(heapMb, MAX_HEAP_MB),
        exposeGc,
        onLine: (line) => say({ kind: 'line', line }),
      });
      child = started;
      workers.add(started);
      drains.set(socket, () => say({ kind: 'draining' }));
      say({ kind: 'started', pid: started.pid ?? 0, memoryCapMb: options.memoryCapMb });
      const vitals = setInterval(() => {
        say({ kind: 'vitals', cpuMs: cpuTimeMs(started.pid), residentMb: residentMb(started.pid) });
      }, VITALS_EVERY_MS);
      started.on('message', (message) => say({ kind: 'from', message }));
      const ended = (code: number | null, signal: string | null) => {
        drains.delete(socket);
        if (!workers.delete(started)) return;
        clearInterval(vitals);
        say({ kind: 'exit', code, signal });
        socket.end();
      };
      started.once('exit', ended);
      // One that could not be started at all has no exit to wait for.
      started.once('error', () => {
        started.kill('SIGKILL');
        ended(null, null);
      });
    };
    readBoundedLines(
      socket,
      (line) => {
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          socket.destroy();
          return;
        }
        if (!child) return begin(raw);
        const parsed = toServiceSchema.safeParse(raw);
        if (!parsed.success) return void socket.destroy();
        if (parsed.data.kind === 'retire') {
          if (child.connected) child.disconnect();
        } else if (child.connected) {
          child.send(parsed.data.message as object);
        }
      },
      () => socket.destroy(),
    );
  };

  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const exits = [...workers].map(
      (worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())),
    );
    for (const worker of workers) worker.kill('SIGKILL');
    for (const socket of sockets) socket.destroy();
    await Promise.all(exits);
    await closed;
    staged.remove();
  };
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : listen.port,
    pids: () => [...workers].flatMap((worker) => (worker.pid ? [worker.pid] : [])),
    drain: async (graceMs) => {
      server.close();
      for (const drain of drains.values()) drain();
      const until = Date.now() + graceMs;
      while (workers.size > 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await close();
    },
    close,
  };
}
