import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTimes, runStages, type Stage } from './stages';

let folder: string;
let printed: string[];

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'stages-'));
  printed = [];
  vi.spyOn(console, 'info').mockImplementation((line: string) => printed.push(`${line}\n`));
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(folder, { recursive: true, force: true });
});

/** A stage that runs `script` in Node, with `folder` as its working directory. */
const node = (name: string, script: string): Stage => ({
  name,
  command: process.execPath,
  args: ['-e', script],
});

/**
 * Writes its own file, then waits (up to 20 s) for the other's: only stages side by side pass.
 * The tests that use it allow 30 s: a loaded machine can take seconds to start a Node.
 */
const meet = (name: string, mine: string, theirs: string, say = '') =>
  node(
    name,
    `const fs = require('node:fs');
     fs.writeFileSync(${JSON.stringify(path.join(folder, mine))}, '');
     const until = Date.now() + 20000;
     const wait = () => fs.existsSync(${JSON.stringify(path.join(folder, theirs))}) ? process.stdout.write(${JSON.stringify(say)}) :
       Date.now() > until ? process.exit(1) : setTimeout(wait, 20);
     wait();`,
  );

/** A stage that fails as soon as `file` exists: a failure beside a stage that is running. */
const waitFor = (name: string, file: string) =>
  node(
    name,
    `const fs = require('node:fs');
     const wait = () => fs.existsSync(${JSON.stringify(file)}) ? process.exit(1) : setTimeout(wait, 20);
     wait();`,
  );

/** Waits until no process has `pid`. */
const expectGone = (pid: number) =>
  vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(), { timeout: 20_000 });

describe('a pipeline’s stages', () => {
  it('runs lanes side by side, and shows a kept lane’s output whole after the lanes', async () => {
    const times = await runStages(
      [
        {
          lanes: [
            [meet('browsers', 'a', 'b')],
            [meet('source', 'b', 'a', 'source met'), node('lint', '')],
          ],
        },
      ],
      folder,
    );

    expect(times.stages.map(({ name, ok }) => [name, ok])).toEqual(
      expect.arrayContaining([
        ['browsers', true],
        ['source', true],
        ['lint', true],
      ]),
    );
    const output = printed.join('');
    const kept = output.indexOf('== the output of source, lint');
    expect(kept).toBeGreaterThan(output.indexOf('== browsers: passed'));
    expect(output.indexOf('source met')).toBeGreaterThan(kept);
  }, 30_000);

  it('stops the stages beside a failed one, and runs nothing after it', async () => {
    const marker = path.join(folder, 'ran');
    const times = await runStages(
      [
        {
          lanes: [
            [node('e2e', 'setInterval(() => {}, 1000)'), node('nginx', '')],
            [node('typecheck', 'setTimeout(() => process.exit(2), 200)')],
          ],
        },
        node('image', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, '')`),
      ],
      folder,
    );

    expect(times.stages).toEqual([
      expect.objectContaining({ name: 'typecheck', ok: false }),
      expect.objectContaining({ name: 'e2e', ok: false, stopped: true }),
    ]);
    expect(times.stages[0]?.stopped).toBeUndefined();
    expect(existsSync(marker)).toBe(false);
    expect(formatTimes('all', times)).toMatch(
      /typecheck +0:\d\d {2}FAILED\n {2}e2e +0:\d\d {2}stopped/,
    );
  });

  it('ends a stopped stage’s whole process group, not the command alone', async () => {
    const grandchild = path.join(folder, 'grandchild.pid');
    await runStages(
      [
        {
          lanes: [
            [
              node(
                'servers',
                `const { spawn } = require('node:child_process');
                 const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
                 require('node:fs').writeFileSync(${JSON.stringify(grandchild)}, String(server.pid));
                 setInterval(() => {}, 1000);`,
              ),
            ],
            [waitFor('unit tests', grandchild)],
          ],
        },
      ],
      folder,
    );

    await expectGone(Number(readFileSync(grandchild, 'utf8')));
  }, 30_000);

  it('lets a stopped runner end the servers it started in a group of their own, as Playwright does', async () => {
    // The runner listens for SIGINT before it says it has started: a SIGINT before that would
    // end it by default, leaving its server (a loaded CI machine did so once).
    const server = path.join(folder, 'server.pid');
    await runStages(
      [
        {
          lanes: [
            [
              node(
                'e2e',
                `const { spawn } = require('node:child_process');
                 const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true });
                 process.on('SIGINT', () => { process.kill(-server.pid, 'SIGKILL'); process.exit(130); });
                 require('node:fs').writeFileSync(${JSON.stringify(server)}, String(server.pid));
                 setInterval(() => {}, 1000);`,
              ),
            ],
            [waitFor('unit tests', server)],
          ],
        },
      ],
      folder,
    );

    await expectGone(Number(readFileSync(server, 'utf8')));
  }, 30_000);

  it('kills a stopped stage that does not end within its grace', async () => {
    const started = path.join(folder, 'deaf.pid');
    const times = await runStages(
      [
        {
          lanes: [
            [
              node(
                'deaf',
                `process.on('SIGINT', () => {});
                 require('node:fs').writeFileSync(${JSON.stringify(started)}, String(process.pid));
                 setInterval(() => {}, 1000);`,
              ),
            ],
            [waitFor('unit tests', started)],
          ],
        },
      ],
      folder,
      { graceMs: 200 },
    );

    expect(times.stages).toContainEqual(expect.objectContaining({ name: 'deaf', stopped: true }));
  }, 30_000);

  it('starts a stage that waits for one in another lane only once that one has passed', async () => {
    const built = path.join(folder, 'built');
    const times = await runStages(
      [
        {
          lanes: [
            [
              node(
                'build',
                `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(built)}, ''), 500)`,
              ),
            ],
            [
              {
                ...node(
                  'image',
                  `process.exit(require('node:fs').existsSync(${JSON.stringify(built)}) ? 0 : 3)`,
                ),
                after: ['build'],
              },
            ],
          ],
        },
      ],
      folder,
    );

    expect(times.stages).toEqual([
      expect.objectContaining({ name: 'build', ok: true }),
      expect.objectContaining({ name: 'image', ok: true }),
    ]);
  }, 30_000);

  it('never starts a stage whose awaited stage failed', async () => {
    const marker = path.join(folder, 'ran');
    const times = await runStages(
      [
        {
          lanes: [
            [node('build', 'process.exit(1)')],
            [
              {
                ...node('image', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, '')`),
                after: ['build'],
              },
            ],
          ],
        },
      ],
      folder,
    );

    expect(times.stages.map(({ name }) => name)).toEqual(['build']);
    expect(existsSync(marker)).toBe(false);
  }, 30_000);

  it('refuses a stage that waits for one that never runs beside or before it', async () => {
    await expect(
      runStages([{ ...node('image', ''), after: ['build'] }, node('build', '')], folder),
    ).rejects.toThrow('stage "image" waits for "build", which does not run beside or before it');
    await expect(
      runStages(
        [{ lanes: [[{ ...node('image', ''), after: ['build'] }, node('build', '')]] }],
        folder,
      ),
    ).rejects.toThrow('stage "image" waits for "build", which does not run beside or before it');
  });

  it('counts the whole run from its start to its end, not the sum of lanes that overlap', async () => {
    const times = await runStages(
      [{ lanes: [[meet('one', 'c', 'd')], [meet('two', 'd', 'c')]] }],
      folder,
    );
    const sum = times.stages.reduce((total, stage) => total + stage.seconds, 0);

    expect(times.seconds).toBeLessThan(sum);
  }, 30_000);
});
