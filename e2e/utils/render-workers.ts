import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './redeploy-utils';

/*
 * The suite's page server's render workers, found from outside as an operator would (/proc):
 * other checkouts' page servers may run on this machine, and only this one's are the suite's.
 */

/** A /proc file of a process, or undefined once it is gone (or it is not Linux). */
function procFile(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

const parentOf = (pid: number): number | undefined => {
  const stat = procFile(pid, 'stat');
  // The command's name is in parentheses and may hold spaces: the fields count from after it.
  return stat === undefined
    ? undefined
    : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

/** Whether a process is this checkout's page server (it runs in its page-server folder). */
function isOurPageServer(pid: number): boolean {
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === path.join(REPO_ROOT, 'page-server');
  } catch {
    return false;
  }
}

/** The pids of this checkout's page server's render workers of a tenant (`remote_loans`). */
export function renderWorkerPids(tenant: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const args = procFile(pid, 'cmdline')?.split('\0') ?? [];
      if (!args.some((arg) => arg.endsWith('/render-worker.mjs'))) return false;
      if (!args.some((arg) => arg.includes(`"tenant":${JSON.stringify(tenant)}`))) return false;
      const parent = parentOf(pid);
      return parent !== undefined && isOurPageServer(parent);
    });
}

/** A process's state letter (`S` sleeping, `R` running, `T` stopped by a signal), if it lives. */
export function processState(pid: number): string | undefined {
  const stat = procFile(pid, 'stat');
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
}
