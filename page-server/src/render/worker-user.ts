import {
  chmodSync,
  copyFileSync,
  linkSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * Who the render workers run as (decision 032). A worker runs a slice's code, which the page
 * server does not trust: as another Unix user it cannot signal the page server (Node's
 * permission model does not cover signals) nor read its memory. Only a process that may change
 * user (root, or one given CAP_SETUID and CAP_SETGID) can start one so; any other runs its
 * workers as itself and says so once. The worker's files — Node itself, its script, the render
 * bundle — are staged where that user may read them and nobody else may change them.
 */

export interface WorkerIdentity {
  uid: number;
  gid: number;
  name: string;
}

/** The user a name stands for, from the system's password file (no native lookup in Node). */
export function lookUpUser(name: string, passwd = '/etc/passwd'): WorkerIdentity | undefined {
  let text: string;
  try {
    text = readFileSync(passwd, 'utf8');
  } catch {
    return undefined;
  }
  for (const line of text.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid !== undefined && gid !== undefined) {
      return { name, uid: Number(uid), gid: Number(gid) };
    }
  }
  return undefined;
}

/**
 * The identity the workers take: RENDER_WORKER_USER's (default `nobody`) when this process may
 * change user; none (the page server's own) when it may not, or RENDER_WORKER_USER is `-`.
 */
export function workerIdentity(
  env: Record<string, string | undefined>,
  self = { uid: process.getuid?.(), lookUp: lookUpUser },
): { identity?: WorkerIdentity; why?: string } {
  const wanted = env.RENDER_WORKER_USER ?? 'nobody';
  if (wanted === '-') return { why: 'RENDER_WORKER_USER is "-"' };
  if (self.uid !== 0) {
    return {
      why: `the page server runs as uid ${self.uid ?? 'unknown'}, which may not start a process as another user`,
    };
  }
  const identity = self.lookUp(wanted);
  if (!identity) return { why: `there is no user "${wanted}" (RENDER_WORKER_USER)` };
  if (identity.uid === 0) return { why: `"${wanted}" is root` };
  return { identity };
}

/** Whether the user may reach a file: every folder on its path searchable, the file readable by others. */
function reachableByOthers(file: string, mode: 'read' | 'execute'): boolean {
  const bit = mode === 'read' ? 0o004 : 0o001;
  try {
    if ((statSync(file).mode & bit) === 0) return false;
    for (let folder = path.dirname(file); ; folder = path.dirname(folder)) {
      if ((statSync(folder).mode & 0o001) === 0) return false;
      if (folder === path.dirname(folder)) return true;
    }
  } catch {
    return false;
  }
}

export interface StagedFiles {
  folder: string;
  node: string;
  worker: string;
  bundle: string;
  remove(): void;
}

/**
 * The worker's files where another user may read them and not change them: a fresh folder of
 * this process's, the script and the render bundle copied in, and Node linked in when the user
 * could not reach the page server's own (a Node under root's home folder).
 */
export function stageWorkerFiles(files: { worker: string; bundle: string }): StagedFiles {
  const folder = mkdtempSync(path.join(tmpdir(), 'lender-render-'));
  chmodSync(folder, 0o755);
  const worker = path.join(folder, 'render-worker.mjs');
  const bundle = path.join(folder, 'render-page.cjs');
  copyFileSync(files.worker, worker);
  copyFileSync(files.bundle, bundle);
  for (const file of [worker, bundle]) chmodSync(file, 0o444);
  let node = process.execPath;
  if (!reachableByOthers(node, 'execute')) {
    node = path.join(folder, 'node');
    try {
      linkSync(process.execPath, node);
    } catch {
      copyFileSync(process.execPath, node);
      chmodSync(node, 0o555);
    }
  }
  return {
    folder,
    node,
    worker,
    bundle,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
