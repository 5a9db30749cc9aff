import { readFileSync } from 'node:fs';

/**
 * Linux reports a process's CPU time in clock ticks of USER_HZ, which the kernel's ABI fixes at
 * 100 a second on every architecture it runs on.
 */
const MS_PER_TICK = 10;

/**
 * The CPU time (user and system, in milliseconds) another process has used so far, or undefined
 * where it cannot be read (not Linux, or the process is gone). The render pool uses it to tell a
 * worker that is looping (burning its CPU) from one the machine is starving.
 */
export function cpuTimeMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command's name is in parentheses and may hold spaces: the fields count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the stat's 14th and 15th fields; state, the 3rd, is the first here.
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system)) return undefined;
  return (user + system) * MS_PER_TICK;
}
