import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPageServerApp } from 'page-server/page-server-app';
import { apiUpstream } from 'release-contract/origins';

export const WORKSPACE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command in the workspace and resolves when it exits 0. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: WORKSPACE_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

async function waitForUrl(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** `pnpm serve`: the sandbox and the four apps, exactly as `pnpm start` serves them. */
export async function startFederated(urls: string[]): Promise<() => Promise<void>> {
  const child: ChildProcess = spawn('pnpm', ['serve'], {
    cwd: WORKSPACE_ROOT,
    stdio: 'ignore',
    detached: true,
    env: process.env,
  });
  const stop = async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  try {
    await Promise.all(urls.map((url) => waitForUrl(url, 120_000)));
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** The monolith's build behind the host's own production server (same proxy, same headers). */
export async function startMonolith(root: string, port: number): Promise<() => Promise<void>> {
  const app = await buildPageServerApp({
    root,
    apiUpstream: apiUpstream(),
    // Its own port is the name it answers to (the host refuses any other, decision 024).
    env: { ...process.env, HOST_ORIGINS: `http://localhost:${port},http://127.0.0.1:${port}` },
    preloadRemotes: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return () => app.close();
}
