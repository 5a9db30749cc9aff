// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { memoryCgroups, ownMemoryCgroup } from './worker-cgroup';

/*
 * Where a worker's memory cgroup is made, on stand-in cgroup trees (a folder of plain files):
 * what the kernel itself does with them is tested in render-pool.test.ts where it allows.
 */

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cgroups-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): { root: string; self: string; pid: number } {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return { root: path.join(root, 'sys'), self: path.join(root, 'proc-self-cgroup'), pid: 4242 };
}

describe('a render worker’s memory cgroup', () => {
  it('is made under the page server’s own cgroup v2, capped by memory.max, without swap', () => {
    const places = tree({
      'proc-self-cgroup': '0::/system.slice/lender.service\n',
      'sys/cgroup.controllers': 'cpu memory pids',
      'sys/system.slice/lender.service/cgroup.controllers': 'cpu memory pids',
    });
    expect(ownMemoryCgroup(places)).toEqual({
      folder: path.join(places.root, 'system.slice/lender.service'),
      version: 2,
    });
    const cgroups = memoryCgroups(places);
    if ('why' in cgroups) throw new Error(cgroups.why);
    const pool = path.join(places.root, 'system.slice/lender.service/lender-render-4242');
    expect(readFileSync(path.join(pool, 'cgroup.subtree_control'), 'utf8')).toBe('+memory');
    const worker = cgroups.forWorker(192);
    expect(readFileSync(path.join(pool, 'worker-1/memory.max'), 'utf8')).toBe(
      String(192 * 1024 * 1024),
    );
    expect(readFileSync(path.join(pool, 'worker-1/memory.swap.max'), 'utf8')).toBe('0');
    expect(worker?.join(777)).toBe(true);
    expect(readFileSync(path.join(pool, 'worker-1/cgroup.procs'), 'utf8')).toBe('777');
    expect(worker?.oomKilled()).toBe(false);
    writeFileSync(
      path.join(pool, 'worker-1/memory.events'),
      'low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n',
    );
    expect(worker?.oomKilled()).toBe(true);
  });

  it('is made under cgroup v1’s memory hierarchy where memory is mounted there, and v2 has it not', () => {
    const places = tree({
      'proc-self-cgroup': '4:memory:/process_api/abc\n0::/\n',
      'sys/unified/cgroup.controllers': 'hugetlb',
      'sys/memory/process_api/abc/cgroup.procs': '',
    });
    expect(ownMemoryCgroup(places)).toEqual({
      folder: path.join(places.root, 'memory/process_api/abc'),
      version: 1,
    });
    const cgroups = memoryCgroups(places);
    if ('why' in cgroups) throw new Error(cgroups.why);
    const worker = cgroups.forWorker(512);
    const folder = path.join(places.root, 'memory/process_api/abc/lender-render-4242/worker-1');
    expect(readFileSync(path.join(folder, 'memory.limit_in_bytes'), 'utf8')).toBe(
      String(512 * 1024 * 1024),
    );
    writeFileSync(
      path.join(folder, 'memory.oom_control'),
      'oom_kill_disable 0\nunder_oom 0\noom_kill 1\n',
    );
    expect(worker?.oomKilled()).toBe(true);
  });

  it('clears what a page server that died left, and says why there is none where memory is nowhere', () => {
    const places = tree({
      'proc-self-cgroup': '0::/app\n',
      'sys/cgroup.controllers': 'memory',
      'sys/app/cgroup.controllers': 'memory',
    });
    // A pid no process has (above the kernel's pid_max); its cgroups empty, as the kernel's are.
    mkdirSync(path.join(places.root, 'app/lender-render-99999999/worker-3'), { recursive: true });
    expect('why' in memoryCgroups(places)).toBe(false);
    expect(existsSync(path.join(places.root, 'app/lender-render-99999999'))).toBe(false);
    expect(
      memoryCgroups(tree({ 'proc-self-cgroup': '0::/other\n', 'sys/cgroup.controllers': 'cpu' })),
    ).toEqual({ why: 'this process has no memory cgroup it can see' });
  });
});
