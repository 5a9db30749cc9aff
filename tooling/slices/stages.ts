import { spawnSync } from 'node:child_process';

/*
 * A pipeline's stages, run one after another with what each took printed as it ends and
 * again, all together, at the end: what `.ci/run` shows of a run.
 */

export interface Stage {
  name: string;
  command: string;
  args: readonly string[];
  env?: Record<string, string>;
  /** Runs in-process instead of a command (the build cache's restore and keep). */
  run?: () => void;
}

export interface StageTime {
  name: string;
  seconds: number;
  ok: boolean;
}

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** Runs the stages until one fails; returns each one's time (the failed one last). */
export function runStages(stages: readonly Stage[], cwd: string): StageTime[] {
  const times: StageTime[] = [];
  for (const stage of stages) {
    console.info(`\n== ${stage.name}`);
    const started = performance.now();
    let ok = true;
    if (stage.run) {
      try {
        stage.run();
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
        ok = false;
      }
    } else {
      const result = spawnSync(stage.command, stage.args, {
        cwd,
        stdio: 'inherit',
        env: { ...process.env, ...stage.env },
      });
      ok = result.status === 0;
    }
    const seconds = (performance.now() - started) / 1000;
    times.push({ name: stage.name, seconds, ok });
    console.info(`== ${stage.name}: ${ok ? 'passed' : 'FAILED'} in ${minutes(seconds)}`);
    if (!ok) break;
  }
  return times;
}

/** The closing table: each stage's time, and the whole. */
export function formatTimes(pipeline: string, times: readonly StageTime[]): string {
  const width = Math.max(...times.map((time) => time.name.length), 5);
  const lines = times.map(
    (time) =>
      `  ${time.name.padEnd(width)}  ${minutes(time.seconds).padStart(6)}${time.ok ? '' : '  FAILED'}`,
  );
  const total = times.reduce((sum, time) => sum + time.seconds, 0);
  return [
    `\nstages of ${pipeline}:`,
    ...lines,
    `  ${'total'.padEnd(width)}  ${minutes(total).padStart(6)}`,
  ].join('\n');
}
