import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * A pipeline's stages, with what each took printed as it ends and again, all together, at the
 * end: what `.ci/run` shows of a run. Stages run one after another, or in lanes side by side
 * (decision 039): the browsers' passes leave a quarter of two cores idle while they wait on
 * pages, polls and the bank, and the unit tests fill it.
 */

export interface Stage {
  name: string;
  command: string;
  args: readonly string[];
  env?: Record<string, string>;
  /** Runs in-process instead of a command (the build cache's restore and keep). */
  run?: () => void;
  /**
   * Stages, in another lane or an earlier step, that must have passed before this one starts:
   * the lane waits for them (the image waits for the build it packs).
   */
  after?: readonly string[];
}

/**
 * Lanes that run side by side, each its stages one after another. The first lane's output is
 * shown as it comes; each other lane's is kept in a file (named when it starts) and shown whole
 * once every lane has ended, so that no line of two runners is mixed with another's.
 */
export interface Lanes {
  lanes: readonly (readonly Stage[])[];
}

export type Step = Stage | Lanes;

export interface StageTime {
  name: string;
  seconds: number;
  ok: boolean;
  /** Ended by the pipeline because a stage in another lane failed: not a failure of its own. */
  stopped?: boolean;
}

export interface PipelineTimes {
  stages: StageTime[];
  /** From the first stage's start to the last one's end: lanes overlap, so not the sum. */
  seconds: number;
}

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

const isLanes = (step: Step): step is Lanes => 'lanes' in step;

/** The children running now, by process group: a failure elsewhere or a signal ends them. */
const running = new Set<ChildProcess>();

/** How long a stopped stage has to end its own children before its group is killed. */
const GRACE_MS = 15_000;

const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Stops a stage as Ctrl-C would: SIGINT to its process group (each stage leads one, detached),
 * which lets a runner end what it started in groups of its own — Playwright's web servers,
 * which outlived a SIGTERM — and SIGKILL to the group if it is still there after the grace.
 */
function stopGroup(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): void {
  const pid = child.pid;
  if (pid === undefined || ended(child)) return;
  const send = (to: NodeJS.Signals) => {
    try {
      process.kill(-pid, to);
    } catch {
      // Already gone.
    }
  };
  send(signal);
  const kill = setTimeout(() => send('SIGKILL'), graceMs);
  child.once('close', () => clearTimeout(kill));
}

let forwarding = false;

/**
 * A pipeline stopped by a signal passes it to its stages' groups, which do not share its own,
 * and ends once they have.
 */
function forwardSignals(): void {
  if (forwarding) return;
  forwarding = true;
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
  ] as const) {
    process.on(signal, () => {
      const children = [...running];
      for (const child of children) stopGroup(child, signal, GRACE_MS);
      const closed = children.map((child) =>
        ended(child) ? undefined : new Promise((resolve) => child.once('close', resolve)),
      );
      void Promise.all(closed).then(() => process.exit(128 + number));
    });
  }
}

interface Lane {
  stages: readonly Stage[];
  /** Where the lane's output goes: inherited, or a file's descriptor. */
  output: 'inherit' | number;
}

interface Run {
  failed: boolean;
  times: StageTime[];
  graceMs: number;
  /** Each stage's end, by name, whether or not it has started: what `after` waits for. */
  ends: Map<string, Deferred>;
  /** Settles when a stage fails: a stage waiting on others then never starts. */
  failure: Deferred;
}

interface Deferred {
  promise: Promise<void>;
  settle: () => void;
}

function deferred(): Deferred {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

const endOf = (run: Run, name: string): Deferred => {
  const known = run.ends.get(name);
  if (known) return known;
  const made = deferred();
  run.ends.set(name, made);
  return made;
};

async function runStage(stage: Stage, lane: Lane, cwd: string): Promise<boolean> {
  if (stage.run) {
    try {
      stage.run();
      return true;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return false;
    }
  }
  const child = spawn(stage.command, stage.args, {
    cwd,
    stdio: ['ignore', lane.output, lane.output],
    env: { ...process.env, ...stage.env },
    detached: true,
  });
  running.add(child);
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      console.error(`${stage.command}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (status) => resolve(status));
  });
  running.delete(child);
  return code === 0;
}

async function runLane(lane: Lane, cwd: string, run: Run, label: string): Promise<void> {
  for (const stage of lane.stages) {
    if (run.failed) return;
    if (stage.after?.length) {
      await Promise.race([
        Promise.all(stage.after.map((name) => endOf(run, name).promise)),
        run.failure.promise,
      ]);
      if (run.failed) return;
    }
    console.info(`\n== ${stage.name}${label}`);
    const started = performance.now();
    const passed = await runStage(stage, lane, cwd);
    const seconds = (performance.now() - started) / 1000;
    const stopped = !passed && run.failed;
    run.times.push({ name: stage.name, seconds, ok: passed, ...(stopped ? { stopped } : {}) });
    console.info(
      `== ${stage.name}: ${passed ? 'passed' : stopped ? 'stopped' : 'FAILED'} in ${minutes(seconds)}`,
    );
    if (!passed && !run.failed) {
      run.failed = true;
      run.failure.settle();
      for (const child of running) stopGroup(child, 'SIGINT', run.graceMs);
    }
    endOf(run, stage.name).settle();
  }
}

/**
 * A stage may wait only on one that runs beside it (in another lane) or before it: one that
 * never comes, or comes after it in its own lane, would hold its lane for ever.
 */
function checkOrder(steps: readonly Step[]): void {
  const seen = new Set<string>();
  for (const step of steps) {
    const lanes = isLanes(step) ? step.lanes : [[step]];
    for (const stage of lanes.flat()) seen.add(stage.name);
    for (const lane of lanes) {
      lane.forEach((stage, index) => {
        const ahead = new Set(lane.slice(index).map(({ name }) => name));
        const never = (stage.after ?? []).filter((name) => !seen.has(name) || ahead.has(name));
        if (never.length > 0) {
          throw new Error(
            `stage "${stage.name}" waits for ${never.map((name) => `"${name}"`).join(', ')}, which does not run beside or before it`,
          );
        }
      });
    }
  }
}

async function runLanes(step: Lanes, cwd: string, run: Run): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pipeline-lanes-'));
  const kept = step.lanes.slice(1).map((stages, index) => {
    const file = path.join(folder, `lane-${index + 2}.log`);
    return { stages, file, fd: openSync(file, 'w') };
  });
  try {
    // The kept lanes start first: a stage that runs in-process (the build) holds this process
    // until it ends, and their commands are under way by then.
    const alongside = kept.map(({ stages, file, fd }) =>
      runLane({ stages, output: fd }, cwd, run, ` (alongside; its output: ${file})`),
    );
    await Promise.all([
      ...alongside,
      runLane({ stages: step.lanes[0] ?? [], output: 'inherit' }, cwd, run, ''),
    ]);
  } finally {
    for (const { stages, file, fd } of kept) {
      closeSync(fd);
      console.info(`\n== the output of ${stages.map((stage) => stage.name).join(', ')}`);
      process.stdout.write(readFileSync(file, 'utf8'));
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Runs the steps until a stage fails (the stages beside it stop too, each given `graceMs` to
 * end what it started); returns their times.
 */
export async function runStages(
  steps: readonly Step[],
  cwd: string,
  { graceMs = GRACE_MS } = {},
): Promise<PipelineTimes> {
  checkOrder(steps);
  forwardSignals();
  const run: Run = { failed: false, times: [], graceMs, ends: new Map(), failure: deferred() };
  const started = performance.now();
  for (const step of steps) {
    if (run.failed) break;
    if (isLanes(step)) await runLanes(step, cwd, run);
    else await runLane({ stages: [step], output: 'inherit' }, cwd, run, '');
  }
  return { stages: run.times, seconds: (performance.now() - started) / 1000 };
}

/** The closing table: each stage's time, and the whole run's. */
export function formatTimes(pipeline: string, times: PipelineTimes): string {
  const width = Math.max(...times.stages.map((time) => time.name.length), 5);
  const lines = times.stages.map(
    (time) =>
      `  ${time.name.padEnd(width)}  ${minutes(time.seconds).padStart(6)}${
        time.ok ? '' : time.stopped ? '  stopped' : '  FAILED'
      }`,
  );
  return [
    `\nstages of ${pipeline}:`,
    ...lines,
    `  ${'total'.padEnd(width)}  ${minutes(times.seconds).padStart(6)}`,
  ].join('\n');
}
