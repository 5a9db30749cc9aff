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
import { REMOTE_NAMES } from 'release-contract/remotes';
import { HOST_TENANT } from './render-protocol';
import { takenIds, tenantIds } from './slice-uids';

/*
 * Who the render workers run as (decision 032). A worker runs a slice's code, which the page
 * server does not trust: as another Unix user it cannot signal the page server (Node's
 * permission model does not cover signals) nor read its memory, and as a user of its slice's
 * own (slice-uids) it cannot signal or read another slice's workers either. Only a process that
 * may change user (root, or one given CAP_SETUID and CAP_SETGID) can start one so; any other
 * runs its workers as itself and says so once. The worker's files — Node itself, its script, the
 * render bundle — are staged where any user may read them and nobody else may change them.
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

/** The host's workers' uid, each slice's the next (RENDER_WORKER_UID_BASE, unless set). */
export const DEFAULT_UID_BASE = 470_000;

/** Who each tenant's workers run as, and what the page server says of it once, if anything. */
export interface WorkerIdentities {
  /** By tenant; empty when the workers keep the page server's own user. */
  identities: ReadonlyMap<string, WorkerIdentity>;
  /** Why the tenants are not apart from one another, or from the page server. */
  why?: string;
}

/**
 * The identities the workers take when this process may change user: by default a uid of its
 * own for each tenant (slice-uids: RENDER_WORKER_UID_BASE and its place, the host first, then
 * the slices in the contract's order, so every page server of a build gives a slice the same);
 * all of them RENDER_WORKER_USER when it names a user (one user for every slice, as before
 * issue 56); none (the page server's own) when it may not change user, or RENDER_WORKER_USER is
 * `-`. A uid that is refused leaves the workers as `nobody`, as before, and says why.
 */
export function workerIdentities(
  env: Record<string, string | undefined>,
  tenants: readonly string[],
  self = { uid: process.getuid?.(), lookUp: lookUpUser, taken: () => takenIds() },
): WorkerIdentities {
  const none = new Map<string, WorkerIdentity>();
  const wanted = env.RENDER_WORKER_USER?.trim() || undefined;
  if (wanted === '-') return { identities: none, why: 'RENDER_WORKER_USER is "-"' };
  if (self.uid !== 0) {
    return {
      identities: none,
      why: `the page server runs as uid ${self.uid ?? 'unknown'}, which may not start a process as another user`,
    };
  }
  const shared = (name: string, why: string): WorkerIdentities => {
    const identity = self.lookUp(name);
    if (!identity) return { identities: none, why: `there is no user "${name}" (${why})` };
    if (identity.uid === 0) return { identities: none, why: `"${name}" is root` };
    return {
      identities: new Map(tenants.map((tenant) => [tenant, identity])),
      why: `every slice's workers run as "${name}" (${why}): one slice's code can signal another's`,
    };
  };
  if (wanted) return shared(wanted, 'RENDER_WORKER_USER');
  const base = env.RENDER_WORKER_UID_BASE?.trim()
    ? Number(env.RENDER_WORKER_UID_BASE)
    : DEFAULT_UID_BASE;
  const places: string[] = [HOST_TENANT, ...REMOTE_NAMES];
  for (const tenant of tenants) if (!places.includes(tenant)) places.push(tenant);
  const own = tenantIds(base, places, self.taken(), self.uid);
  if ('why' in own) return shared('nobody', `RENDER_WORKER_UID_BASE: ${own.why}`);
  return {
    identities: new Map(
      tenants.flatMap((tenant) => {
        const id = own.ids.get(tenant);
        return id === undefined ? [] : [[tenant, { uid: id, gid: id, name: `uid ${id}` }] as const];
      }),
    ),
  };
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
