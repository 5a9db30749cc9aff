import { changeSince } from './change-since.ts';
import { stagesOf } from './pipeline-stages.ts';
import { isPipeline, PIPELINES, type Pipeline } from './pipelines.ts';
import { ROOT } from './stage-commands.ts';
import { formatTimes, runStages } from './stages.ts';

/*
 * `pnpm slice`: the pipelines of decision 039.
 *   pnpm slice check <remote-home|remote-account|remote-loans|platform|all> [--base <ref>]
 *   pnpm slice affected [--base <ref>]          the pipelines a change since <ref> runs
 *   pnpm slice check --affected [--base <ref>]  runs them
 * <ref> is the target branch (SLICE_BASE, else HEAD): a slice is tested with the host, the
 * page server and the other slices as they are there.
 * `pnpm test` is `pnpm slice check all`.
 */

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

async function check(pipelines: readonly (Pipeline | 'all')[], base: string): Promise<number> {
  for (const pipeline of pipelines) {
    const times = await runStages(stagesOf(pipeline, base), ROOT);
    console.info(formatTimes(pipeline, times));
    if (times.stages.some((time) => !time.ok)) return 1;
    if (pipeline !== 'all' && pipeline !== 'platform')
      console.info(
        `\n${pipeline} is ready to release: pnpm --filter deploy rollout release ${pipeline} --canary 10`,
      );
  }
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
/** The target branch a change is measured against and a slice is tested with. */
const base = option(rest, '--base') ?? process.env.SLICE_BASE ?? 'HEAD';
if (command === 'affected') {
  console.info(changeSince(base).join('\n'));
} else if (command === 'check' && rest.includes('--affected')) {
  const pipelines = changeSince(base);
  console.info(`affected since ${base}: ${pipelines.join(', ') || 'nothing'}`);
  process.exitCode = await check(pipelines, base);
} else if (command === 'check' && rest[0] && (rest[0] === 'all' || isPipeline(rest[0]))) {
  process.exitCode = await check([rest[0]], base);
} else {
  console.error(
    `usage: pnpm slice check <${[...PIPELINES, 'all'].join('|')}> | pnpm slice check --affected [--base <ref>] | pnpm slice affected [--base <ref>]`,
  );
  process.exitCode = 2;
}
