import { type ChildProcess, fork } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { WorkerInit } from './render-protocol';
import type { StagedFiles, WorkerIdentity } from './worker-user';

/*
 * One render worker's process (decision 032): started with the least it needs, watched from
 * outside. Nothing the page server has reaches it but its IPC channel: no inherited output
 * (its lines are read and logged, bounded), no environment but NODE_ENV and TZ, no inspector
 * (a worker cannot open one, and `--disable-sigusr1` keeps a signal from opening one), and,
 * where the machine allows, another Unix user.
 */

export interface WorkerProcessOptions {
  staged: StagedFiles;
  init: WorkerInit;
  env: Record<string, string | undefined>;
  identity: WorkerIdentity | undefined;
  heapMb: number;
  exposeGc: boolean;
  /** A line the worker printed, for the page server's log. */
  onLine: (line: string) => void;
}

/** The environment a worker starts with: what rendering needs, never a secret. */
export function workerEnv(env: Record<string, string | undefined>): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of ['NODE_ENV', 'TZ']) {
    const value = env[name];
    if (value !== undefined) passed[name] = value;
  }
  return passed;
}

/** The longest line of a worker's output the page server logs: its log is not the worker's to fill. */
const MAX_LINE = 2_000;

/** Hands each line of a stream to `onLine`, each cut at MAX_LINE characters. */
function readLines(stream: Readable | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = `${partial}${chunk}`.split('\n');
    partial = (lines.pop() ?? '').slice(0, MAX_LINE);
    for (const line of lines) if (line) onLine(line.slice(0, MAX_LINE));
  });
}

/** Starts a worker process with its permissions set where it starts. */
export function startWorkerProcess(options: WorkerProcessOptions): ChildProcess {
  const { staged } = options;
  const child = fork(staged.worker, [JSON.stringify(options.init)], {
    execPath: staged.node,
    cwd: staged.folder,
    execArgv: [
      // Reads its own code and the render bundle; writes nothing, starts nothing.
      '--permission',
      `--allow-fs-read=${staged.worker}`,
      `--allow-fs-read=${staged.bundle}`,
      `--max-old-space-size=${options.heapMb}`,
      // V8's compilation cache keeps each release's script source for good (decision 020).
      '--no-compilation-cache',
      // Another worker's signal must not open this one's inspector either.
      '--disable-sigusr1',
      ...(options.exposeGc ? ['--expose-gc'] : []),
    ],
    env: workerEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    ...(options.identity ? { uid: options.identity.uid, gid: options.identity.gid } : {}),
  });
  readLines(child.stdout, options.onLine);
  readLines(child.stderr, options.onLine);
  return child;
}
