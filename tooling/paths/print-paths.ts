import { cruiseWorkspace } from './import-graph.ts';
import { PRODUCT_PATHS } from './product-paths.ts';
import { type TracedPath, tracePath } from './trace-paths.ts';

/*
 * `pnpm paths`: the three paths a newcomer follows first, measured from today's imports (issue
 * 57): the files on each, its folders and packages, and where it turns back. A file named
 * here is where to start reading; `--files` lists them all.
 */

/** The goal the issue set: a path a newcomer can hold in their head. */
export const PATH_GOAL_FILES = 20;

export function describePath(traced: TracedPath, withFiles: boolean): string[] {
  const over = traced.files.length > PATH_GOAL_FILES ? ` (goal ${PATH_GOAL_FILES})` : '';
  return [
    traced.name,
    `  ${traced.files.length} files${over}, ${traced.folders} folders, packages: ${traced.packages.join(', ')}`,
    `  turns back: ${traced.turnBacks.join('; ') || 'never'}`,
    `  called back through functions handed down: ${traced.callBacks.join('; ') || 'none'}`,
    ...traced.unreached.map((leg) => `  NOT CONNECTED (no import reaches): ${leg}`),
    ...(withFiles ? traced.files.map((file) => `    ${file}`) : []),
  ];
}

const graph = cruiseWorkspace();
const traced = PRODUCT_PATHS.map((path) => tracePath(graph, path));
process.stdout.write(
  `${traced.flatMap((path) => describePath(path, process.argv.includes('--files'))).join('\n')}\n`,
);
if (traced.some((path) => path.unreached.length > 0 || path.turnBacks.length > 0)) process.exit(1);
