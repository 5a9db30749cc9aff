import { readFileSync } from 'node:fs';

/*
 * A render worker's memory, bounded from outside (decision 032, issue 56 row 3). The heap limit
 * a worker starts with bounds V8's heap only: a release that kept 64 MB Buffers every 250 ms
 * grew its worker to 1.6 GB resident with a 19 MB heap. The page server reads each worker's
 * resident size (/proc/<pid>/status, VmRSS) on every watchdog round and stops a worker over its
 * cap; the code the worker held is blamed (render-pool).
 */

/** A worker's resident memory cap (MB) when RENDER_WORKER_MEMORY_MB does not say. */
export const DEFAULT_MEMORY_CAP_MB = 512;

/**
 * The cap (MB) a worker's resident memory may reach: RENDER_WORKER_MEMORY_MB, or the default.
 * A value that is no size stops the page server at its start: a typo must not lift the cap.
 */
export function memoryCapMb(env: Record<string, string | undefined>): number {
  const raw = env.RENDER_WORKER_MEMORY_MB?.trim();
  if (!raw) return DEFAULT_MEMORY_CAP_MB;
  const configured = Number(raw);
  if (!Number.isFinite(configured) || configured <= 0) {
    throw new Error(`RENDER_WORKER_MEMORY_MB must be a positive number of MB, got "${raw}"`);
  }
  return configured;
}

/** A process's resident memory (MB), or undefined where it cannot be read (not Linux, gone). */
export function residentMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kilobytes === undefined ? undefined : Number(kilobytes) / 1024;
}

/**
 * Why a worker must be stopped for its memory (its resident size in MB, as read where it runs),
 * or undefined while it is under its cap or its size is not known.
 */
export function judgeMemory(resident: number | undefined, capMb: number): string | undefined {
  if (resident === undefined || resident <= capMb) return undefined;
  return `its resident memory reached ${Math.round(resident)} MB, over its ${capMb} MB cap`;
}
