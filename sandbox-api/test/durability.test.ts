import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../src/db/pglite';
import { pgliteFresh } from './build';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startSandbox(dataDir: string, port: number): Promise<ChildProcess> {
  // The bank's port too: a `pnpm start` running beside the tests holds the default one.
  const bankPort = await freePort();
  // The server is this very process (tsx as a loader, not tsx's CLI, which runs the server in
  // a child): SIGKILL must reach the process that holds the database.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: PACKAGE_ROOT,
    env: {
      ...process.env,
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_PORT: String(port),
      BANK_PORT: String(bankPort),
      LISTEN_HOST: '127.0.0.1',
    },
    stdio: 'ignore',
  });
  // A first start migrates and seeds a new database: seconds, or far more on a starved machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sandbox exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/cms/slider/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error('sandbox did not start within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('durability', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-durability-'));
    // A new data folder, as initdb leaves it: the sandbox's first start migrates and seeds it.
    await (await openPglite(dataDir, pgliteFresh())).close();
  });
  afterEach(async () => {
    if (child && child.exitCode === null) await killHard(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a write acknowledged with 2xx after the process is killed with SIGKILL', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await startSandbox(dataDir, port);

    const terms = (await (
      await fetch(`${base}/api/cms/terms_of_contract/?contact_type=2`)
    ).json()) as { id: number }[];
    const notice = (await (
      await fetch(`${base}/api/cms/terms_of_contract/?contact_type=3`)
    ).json()) as { id: number }[];
    const registration = await fetch(`${base}/api/user/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        personal_number: '01009000001',
        first_name: 'ანა',
        last_name: 'მაისურაძე',
        birth_date: '1990-05-17',
        phone_number: '599000111',
        email: 'ana@example.ge',
        password: 'Durable123',
        password_confirm: 'Durable123',
        terms_of_contract: terms[0]?.id,
        personal_data_consent: notice[0]?.id,
      }),
    });
    expect(registration.status).toBe(201);

    // No shutdown, no flush: the process dies the moment the answer has been received.
    await killHard(child);
    // Nothing answers any more: the restart below is a new process, not the old one.
    await expect(fetch(`${base}/api/cms/slider/`)).rejects.toThrow();

    child = await startSandbox(dataDir, port);
    const login = await fetch(`${base}/api/user/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: '01009000001', password: 'Durable123' }),
    });
    expect(login.status).toBe(200);
    // The first start seeded the content; the restart did not seed it again.
    const slides = (await (await fetch(`${base}/api/cms/slider/`)).json()) as { title: string }[];
    expect(slides.length).toBeGreaterThan(0);
    expect(new Set(slides.map((slide) => slide.title)).size).toBe(slides.length);
  }, 240_000);
});
