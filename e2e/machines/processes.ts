import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';

/** Where each process of the topology writes its output: one file each, read after a failure. */
export function logFile(dir: string, name: string): number {
  mkdirSync(dir, { recursive: true });
  return openSync(path.join(dir, `${name}.log`), 'a');
}

/**
 * A process whose output goes to its log file. Its own process group, so one started through
 * a wrapper (pnpm, tsx) is stopped with everything it started.
 */
export function runLogged(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string | undefined>; log: number },
): ChildProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', options.log, options.log],
    detached: true,
  });
  child.once('exit', () => closeSync(options.log));
  return child;
}

/** Sends `signal` to the process (its group, when it leads one) and waits until it has exited. */
export async function ended(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 15_000,
): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const send = (what: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), what);
    } catch {
      child.kill(what);
    }
  };
  send(signal);
  const timer = setTimeout(() => send('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
