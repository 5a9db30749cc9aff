import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { onOwnMachine, ownMachinesPossible } from './own-machine.ts';

const CHECKOUT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

// Namespaces and overlayfs need root: CI's machine gives them, a laptop mostly does not (and
// its pipelines then run these passes in turn, as before).
// Each test starts processes in namespaces: seconds on a loaded machine.
describe.skipIf(!ownMachinesPossible())(
  'a pass on a machine of its own',
  { timeout: 60_000 },
  () => {
    let root = '';
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    /** The stage's command for `script`, run in a shell on its own machine under `root`. */
    const ownMachineCommand = (name: string, script: string) => {
      const stage = onOwnMachine({ name, command: 'sh', args: ['-c', script] }, CHECKOUT);
      // The stage's folder is under the checkout's own root; the test's is a temporary one.
      const args = [...stage.args];
      args[1] = path.join(root, path.basename(args[1] ?? name));
      return { command: stage.command, args };
    };

    it('binds a port another pass holds, and writes nothing into the checkout', async () => {
      root = mkdtempSync(path.join(tmpdir(), 'own-machine-test-'));
      // Another pass (here: this test) holds a port; not the product's, which the browsers'
      // suite may be holding beside this test.
      const held = createServer();
      await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
      const address = held.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      try {
        const probe = path.join('.e2e-tmp', `own-machine-probe-${process.pid}`);
        const { command, args } = ownMachineCommand(
          'probe',
          `node -e "require('net').createServer().listen(${port}, '127.0.0.1', function () { this.close(); })" && mkdir -p .e2e-tmp && echo mine > ${probe} && cat ${probe}`,
        );
        const run = spawnSync(command, args, { cwd: CHECKOUT, encoding: 'utf8' });
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toContain('mine');
        // What it wrote is its own, kept where the stage says.
        expect(existsSync(path.join(CHECKOUT, probe))).toBe(false);
        expect(readFileSync(path.join(root, 'probe', 'changes', probe), 'utf8')).toBe('mine\n');
      } finally {
        held.close();
      }
    });

    it('serves the builds as the build stage kept them, not as another pass has changed them', () => {
      root = mkdtempSync(path.join(tmpdir(), 'own-machine-test-'));
      mkdirSync(path.join(root, 'build', 'host', 'dist'), { recursive: true });
      writeFileSync(path.join(root, 'build', 'host', 'dist', 'kept.txt'), 'as built\n');
      const { command, args } = ownMachineCommand(
        'builds',
        'ls host/dist && cat host/dist/kept.txt',
      );
      const run = spawnSync(command, args, { cwd: CHECKOUT, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      // Only what was kept: whatever the checkout's own host/dist holds now is not seen.
      expect(run.stdout.trim().split('\n').slice(1)).toEqual(['kept.txt', 'as built']);
    });

    it('gives a browser a network it reads as online', () => {
      root = mkdtempSync(path.join(tmpdir(), 'own-machine-test-'));
      // Chromium reads navigator.onLine from the links: with only loopback it would say offline,
      // and the page would hold its beacons. What Chromium reads: a link other than loopback, up.
      const { command, args } = ownMachineCommand(
        'network',
        "ip -o link show up | grep -v ' lo:' | grep -c LOWER_UP",
      );
      const run = spawnSync(command, args, { cwd: CHECKOUT, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(Number(run.stdout.trim().split('\n').at(-1))).toBeGreaterThan(0);
    });
  },
);
