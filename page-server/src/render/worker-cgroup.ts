import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/*
 * A render worker's memory capped by the kernel (issue 56, decision 032): where the page server
 * may make memory cgroups under its own, each worker gets one with its cap (cgroup v2
 * `memory.max`, or v1's `memory.limit_in_bytes` on a machine that mounts memory there), so a
 * release that allocates fast cannot grow past the cap between two looks of the watchdog: the
 * kernel stops it at the cap, and the pool blames what it ran (render-pool). Elsewhere (not
 * root, no delegated controller, not Linux) the watchdog's /proc reading is the cap.
 */

export interface WorkerCgroup {
  readonly version: 1 | 2;
  /** Moves the process into it; false when the kernel refused. */
  join(pid: number): boolean;
  /** Whether the kernel has killed a process of it for its memory. */
  oomKilled(): boolean;
  /** Removes it (once its process has exited). */
  remove(): void;
}

export interface MemoryCgroups {
  /** A cgroup capped at `capMb` for one worker, or undefined when one cannot be made now. */
  forWorker(capMb: number): WorkerCgroup | undefined;
  /** Removes the pool's cgroup (its workers' are gone). */
  remove(): void;
}

/** Where this process's cgroups are: the hierarchy's mount, and /proc/self/cgroup. */
export interface CgroupPlaces {
  root: string;
  self: string;
  pid: number;
}

const DEFAULT_PLACES: CgroupPlaces = {
  root: '/sys/fs/cgroup',
  self: '/proc/self/cgroup',
  pid: process.pid,
};
/** The pool's cgroup's name: another page server's, dead, is cleared at start. */
const POOL_PREFIX = 'lender-render-';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** The folder of this process's memory cgroup, and its version, or why there is none to use. */
export function ownMemoryCgroup(
  places: CgroupPlaces,
): { folder: string; version: 1 | 2 } | { why: string } {
  const lines = read(places.self)
    .split('\n')
    .map((line) => line.split(':'))
    .filter((fields) => fields.length >= 3);
  const unified = lines.find(([id, controllers]) => id === '0' && controllers === '');
  if (unified) {
    const mount = existsSync(path.join(places.root, 'cgroup.controllers'))
      ? places.root
      : path.join(places.root, 'unified');
    const folder = path.join(mount, unified.slice(2).join(':'));
    if (read(path.join(folder, 'cgroup.controllers')).split(/\s+/).includes('memory')) {
      return { folder, version: 2 };
    }
  }
  const v1 = lines.find(([, controllers]) => controllers?.split(',').includes('memory'));
  if (v1 && existsSync(path.join(places.root, 'memory'))) {
    return { folder: path.join(places.root, 'memory', v1.slice(2).join(':')), version: 1 };
  }
  return { why: 'this process has no memory cgroup it can see' };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes a cgroup folder and its children (each empty of processes), as far as the kernel allows. */
function removeTree(folder: string): void {
  let entries: string[] = [];
  try {
    entries = readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return;
  }
  for (const entry of entries) removeTree(path.join(folder, entry));
  try {
    rmdirSync(folder);
  } catch {
    // A process still in it (a worker dying): left for the next start's clearing.
  }
}

/**
 * The pool's memory cgroups, under this process's own, or why there are none: said once by the
 * pool. Clears the cgroups of page servers that died before removing theirs.
 */
export function memoryCgroups(
  places: CgroupPlaces = DEFAULT_PLACES,
): MemoryCgroups | { why: string } {
  const own = ownMemoryCgroup(places);
  if ('why' in own) return own;
  for (const entry of safeList(own.folder)) {
    const pid = Number(entry.slice(POOL_PREFIX.length));
    if (entry.startsWith(POOL_PREFIX) && Number.isInteger(pid) && !alive(pid)) {
      removeTree(path.join(own.folder, entry));
    }
  }
  const pool = path.join(own.folder, `${POOL_PREFIX}${places.pid}`);
  try {
    mkdirSync(pool, { recursive: true });
    // A v2 cgroup's children get the memory controller only from their parent.
    if (own.version === 2) writeFileSync(path.join(pool, 'cgroup.subtree_control'), '+memory');
  } catch (error) {
    removeTree(pool);
    return {
      why: `the page server may not make a memory cgroup under ${own.folder} (${(error as NodeJS.ErrnoException).code ?? error})`,
    };
  }
  let made = 0;
  return {
    forWorker: (capMb) => {
      made += 1;
      return workerCgroup(path.join(pool, `worker-${made}`), own.version, capMb);
    },
    remove: () => removeTree(pool),
  };
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

function workerCgroup(folder: string, version: 1 | 2, capMb: number): WorkerCgroup | undefined {
  const bytes = String(Math.floor(capMb * 1024 * 1024));
  try {
    mkdirSync(folder);
    if (version === 2) {
      writeFileSync(path.join(folder, 'memory.max'), bytes);
    } else {
      writeFileSync(path.join(folder, 'memory.limit_in_bytes'), bytes);
    }
  } catch {
    removeTree(folder);
    return undefined;
  }
  // Swap would let it past the cap unseen: none, where the kernel takes the setting.
  const swap =
    version === 2
      ? { file: 'memory.swap.max', value: '0' }
      : { file: 'memory.memsw.limit_in_bytes', value: bytes };
  try {
    writeFileSync(path.join(folder, swap.file), swap.value);
  } catch {
    // No swap accounting on this kernel: there is no swap to take either.
  }
  const events = path.join(folder, version === 2 ? 'memory.events' : 'memory.oom_control');
  return {
    version,
    join: (pid) => {
      try {
        appendFileSync(path.join(folder, 'cgroup.procs'), String(pid));
        return true;
      } catch {
        return false;
      }
    },
    oomKilled: () => Number(/^oom_kill (\d+)$/m.exec(read(events))?.[1] ?? 0) > 0,
    remove: () => removeTree(folder),
  };
}
