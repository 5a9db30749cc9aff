import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { rollOutLocally } from 'page-server/releases/local-rollout';
import { E2E_SANDBOX_ENV } from './sandbox-env';
import { HOST_URL } from './urls';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = path.join(REPO_ROOT, '.e2e-tmp');

/** A content hash of every file under a folder, to prove a deploy did not touch it. */
export function hashTree(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(folder, full)).update(readFileSync(full));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

/**
 * Builds a copy of a remote whose source has these edits, as a team would build its next
 * release: same config, same dependencies (the copy links the real node_modules).
 */
export interface SourceEdit {
  file: string;
  from: string;
  to: string;
}

export function buildEditedRemote(app: string, edits: readonly SourceEdit[]): string {
  const source = path.join(REPO_ROOT, app);
  const copy = path.join(WORK, app);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  for (const entry of ['src', 'public', 'rspack.config.ts', 'package.json', 'tsconfig.json']) {
    const from = path.join(source, entry);
    if (existsSync(from)) cpSync(from, path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.join(source, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  for (const edit of edits) {
    const file = path.join(copy, edit.file);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(edit.from)) throw new Error(`${edit.file} no longer contains ${edit.from}`);
    writeFileSync(file, text.replace(edit.from, edit.to));
  }

  execFileSync(path.join(copy, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], {
    cwd: copy,
    stdio: 'pipe',
  });
  return path.join(copy, 'dist');
}

/**
 * Registers what the remotes' build folders hold, as `pnpm start` does when it starts (decision
 * 025), and waits until the host serves pages with it (it reads its configuration each second).
 */
async function rollOut(): Promise<void> {
  const config = await rollOutLocally({ ...process.env, ...E2E_SANDBOX_ENV }, REPO_ROOT);
  await expect
    .poll(async () => {
      const served = (await (await fetch(`${HOST_URL}/runtime-config.json`)).json()) as {
        remotes: unknown;
      };
      return JSON.stringify(served.remotes);
    })
    .toBe(JSON.stringify(config.remotes));
}

/**
 * Deploys a build into the folder a running remote server serves, the way a static host swaps a
 * release in, and rolls it out: new files alone run nowhere (decision 025). Returns a function
 * that puts the previous release back, rolled out again.
 */
export async function deployInto(app: string, build: string): Promise<() => Promise<void>> {
  const served = path.join(REPO_ROOT, app, 'dist');
  const previous = path.join(WORK, `${app}-previous-dist`);
  rmSync(previous, { recursive: true, force: true });
  renameSync(served, previous);
  renameSync(build, served);
  await rollOut();
  return async () => {
    if (existsSync(served)) rmSync(served, { recursive: true, force: true });
    renameSync(previous, served);
    await rollOut();
  };
}
