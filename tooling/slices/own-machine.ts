import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_APPS, OUTPUTS_OF } from './build-cache.ts';
import type { Stage } from './stages.ts';

/*
 * A pass on a machine of its own (decision 039): passes that bind the product's ports and write
 * its state (the pass through nginx, the second half of a slice's browser tests) ran one after
 * another; in a network and a copy-on-write checkout of their own (own-machine.sh) they run
 * beside the browsers' suite, as they would on CI machines of their own.
 */

const SCRIPT = fileURLToPath(new URL('./own-machine.sh', import.meta.url));

/** Where a checkout's own machines keep their changes and the builds they start from. */
export function ownMachinesRoot(checkout: string): string {
  const id = createHash('sha256').update(path.resolve(checkout)).digest('hex').slice(0, 12);
  return path.join(tmpdir(), 'lender-own-machines', id);
}

let possible: boolean | undefined;

/**
 * Whether this machine gives a pass one of its own: namespaces and overlayfs, which need root
 * (CI's machine is root; a developer's laptop mostly is not, and runs the passes in turn).
 */
export function ownMachinesPossible(): boolean {
  if (process.env.OWN_MACHINES === '0') return false;
  possible ??= canMakeOne();
  return possible;
}

/** What own-machine.sh does, tried once in a namespace that ends with it. */
function canMakeOne(): boolean {
  // The layers where a machine's are: an overlay's upper layer cannot be on every filesystem.
  const layers = path.join(path.dirname(ownMachinesRoot('.')), `probe-${process.pid}`);
  try {
    for (const layer of ['lower', 'upper', 'work', 'merged'])
      mkdirSync(path.join(layers, layer), { recursive: true });
    const tried = spawnSync(
      'unshare',
      [
        ...['--mount', '--net', '--propagation', 'private', '--', 'sh', '-c'],
        [
          'ip link set lo up',
          'ip link add own0 type bridge',
          'ip link set own0 up',
          `mount -t overlay overlay -o lowerdir=${layers}/lower,upperdir=${layers}/upper,workdir=${layers}/work ${layers}/merged`,
        ].join(' && '),
      ],
      { stdio: 'ignore' },
    );
    return tried.status === 0;
  } finally {
    rmSync(layers, { recursive: true, force: true });
  }
}

/**
 * Keeps the builds as they are now for the machines started later: called as the build stage
 * ends, before any pass can change what is served.
 */
export function keepBuildsForOwnMachines(checkout: string): void {
  const build = path.join(ownMachinesRoot(checkout), 'build');
  rmSync(build, { recursive: true, force: true });
  for (const app of BUILT_APPS)
    for (const output of OUTPUTS_OF[app]) {
      const from = path.join(checkout, app, output);
      if (!existsSync(from)) continue;
      mkdirSync(path.join(build, app), { recursive: true });
      cpSync(from, path.join(build, app, output), { recursive: true, verbatimSymlinks: true });
    }
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `stage` run on a machine of its own; what it wrote stays in the folder it names. */
export function onOwnMachine(stage: Stage, checkout: string): Stage {
  const dir = path.join(ownMachinesRoot(checkout), slug(stage.name));
  return {
    ...stage,
    name: `${stage.name}, on a machine of its own`,
    command: 'bash',
    args: [SCRIPT, dir, stage.command, ...stage.args],
  };
}
