// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { inspectorOpening, PAGE_SERVER_NODE_FLAGS } from './inspector-guard';

describe('the page server’s inspector', () => {
  it('is shut by the flags every page server starts with', () => {
    expect(inspectorOpening(PAGE_SERVER_NODE_FLAGS)).toBeUndefined();
    expect(inspectorOpening([], '--disable-sigusr1 --enable-source-maps')).toBeUndefined();
  });

  it('could be opened without --disable-sigusr1, or with --inspect: the page server then does not start', () => {
    expect(inspectorOpening(['--no-compilation-cache'])).toMatch(/without --disable-sigusr1/);
    expect(inspectorOpening(['--disable-sigusr1', '--inspect=0'])).toMatch(/--inspect=0/);
    expect(inspectorOpening(['--disable-sigusr1'], '--inspect-brk')).toMatch(/--inspect-brk/);
  });

  // What the flag is trusted for (row 1 of issue 45): Node with it opens no inspector on SIGUSR1.
  it.runIf(process.platform === 'linux')(
    'stays shut when the process is sent SIGUSR1 (Node’s own behaviour)',
    () => {
      const probe = `
      process.kill(process.pid, 'SIGUSR1');
      setTimeout(() => {
        const inspector = require('node:inspector');
        process.stdout.write(inspector.url() ? 'open' : 'shut');
      }, 300);`;
      const run = (flags: string[]) =>
        // On a port of its own when it opens: another process may hold Node's default one.
        spawnSync(process.execPath, [...flags, '--inspect-port=0', '-e', probe], {
          encoding: 'utf8',
        }).stdout;
      expect(run(['--disable-sigusr1'])).toBe('shut');
      // Without it, the same signal opens it: the check above guards something real.
      expect(run([])).toBe('open');
    },
  );
});
