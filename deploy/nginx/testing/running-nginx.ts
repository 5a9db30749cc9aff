import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exactRequest } from 'page-server/http/raw-request';
import { afterEach } from 'vitest';
import { findNginx } from '../nginx-binary';
import { renderNginxConf } from '../nginx-conf';
import type { NginxSite } from '../nginx-conf-input';

/** Ports nothing listens on now (the kernel's choice, released at once). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
        ),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** Resolves once something accepts connections on the port (nginx has started). */
async function listening(port: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts nginx with the configuration written for `served`; resolves once every server listens. */
export async function runNginx(served: NginxSite): Promise<ChildProcess> {
  const conf = path.join(served.prefix, 'nginx.conf');
  // Run by root, the workers must still read the files written here.
  writeFileSync(
    conf,
    renderNginxConf({ ...served, ...(process.getuid?.() === 0 ? { user: 'root' } : {}) }),
  );
  const args = [
    '-p',
    `${served.prefix}/`,
    '-c',
    conf,
    '-e',
    path.join(served.prefix, 'logs/error.log'),
  ];
  const started = spawn(findNginx() ?? 'nginx', [...args, '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  // Remotes served from a release origin have no server block of their own here.
  const remotePorts = served.releaseOrigin ? [] : served.remotes.map((remote) => remote.port);
  for (const port of [served.host.port, ...remotePorts]) await listening(port);
  return started;
}

/** One request over its own connection (exactRequest), its headers as text. */
export async function httpAnswer(
  port: number,
  method: string,
  url: string,
  body?: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const answer = await exactRequest(port, { method, path: url, ...(body ? { body } : {}) });
  const headers = Object.entries(answer.headers).map(([name, value]) => [name, String(value)]);
  return { ...answer, headers: Object.fromEntries(headers) };
}

/** What one test ran: nginx, the server standing in for the page servers, nginx's folder. */
export interface NginxRun {
  prefix: string;
  server: ChildProcess | undefined;
  provider: Server | undefined;
  /** A new temporary folder as nginx's prefix (`name` begins its name), removed after the test. */
  newPrefix: (name: string) => string;
}

/** A test's run, ended and its folder removed after each test of the calling `describe`. */
export function nginxRuns(): NginxRun {
  const run: NginxRun = {
    prefix: '',
    server: undefined,
    provider: undefined,
    newPrefix: (name) => {
      run.prefix = mkdtempSync(path.join(tmpdir(), name));
      return run.prefix;
    },
  };
  afterEach(async () => {
    const { server, provider } = run;
    if (server?.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    run.server = undefined;
    await new Promise((resolve) => (provider ? provider.close(resolve) : resolve(undefined)));
    run.provider = undefined;
    rmSync(run.prefix, { recursive: true, force: true });
  });
  return run;
}
