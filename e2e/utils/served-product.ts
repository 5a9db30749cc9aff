import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import waitForAllApps from '../global-setup';
import { E2E_HOST_METRICS_PORT, E2E_SANDBOX_ENV } from './sandbox-env';
import { HOST_URL } from './urls';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The product as the Playwright pass serves it (playwright.config's web server), for a runner
 * that is not Playwright (webkit/smoke.ts): `pnpm serve` on the builds already made, a fresh
 * sandbox database. Outside CI, servers already up are used as they are, as the config does.
 * Resolves to what stops them.
 */
export async function serveProduct(log: string): Promise<() => Promise<void>> {
  const up = await fetch(HOST_URL).then(
    () => true,
    () => false,
  );
  if (up) {
    if (process.env.CI) throw new Error(`${HOST_URL} already answers: another run holds the ports`);
    return async () => {};
  }
  mkdirSync(path.dirname(log), { recursive: true });
  const output = createWriteStream(log);
  // A process group of its own, so that stopping it stops every server it started.
  const servers = spawn('pnpm', ['--dir', REPO_ROOT, 'serve'], {
    env: { ...process.env, ...E2E_SANDBOX_ENV, METRICS_PORT: String(E2E_HOST_METRICS_PORT) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.stdout.pipe(output);
  servers.stderr.pipe(output);
  const exited = new Promise<void>((resolve) => {
    servers.once('exit', () => resolve());
    servers.once('error', (error) => {
      output.write(`could not start the servers: ${error.message}\n`);
      resolve();
    });
  });
  const stop = async () => {
    if (servers.exitCode === null && servers.pid) process.kill(-servers.pid, 'SIGTERM');
    await exited;
  };
  try {
    await Promise.race([
      waitForAllApps(),
      exited.then(() => {
        throw new Error(`the servers stopped before they were up: see ${log}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
