import { loopsOf } from './import-layers.ts';
import {
  importingFiles,
  resolveImport,
  type WorkspacePackage,
  workspacePackages,
} from './workspace-imports.ts';

/*
 * No import cycle between files, in any package (issue 47): a reader who follows the imports
 * never comes back where they started. Relative imports and workspace packages' modules are
 * drawn to the files they resolve to. A type-only import counts: the cycles that grew here
 * were type-only ones (a type defined beside its consumer's consumer), and a reader goes back
 * and forth through them all the same.
 */

/** Every file's imports, as the files they resolve to (code files of the workspace only). */
export function importGraph(
  root: string,
  packages: readonly WorkspacePackage[] = workspacePackages(root),
): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, specifiers } of importingFiles(root, packages)) {
    const targets = new Set<string>();
    for (const specifier of specifiers) {
      const imported = resolveImport(root, packages, file, specifier);
      if (imported.kind !== 'external' && imported.file && imported.file !== file) {
        targets.add(imported.file);
      }
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The shortest way round from `start` back to it, inside one loop's files. */
function shortestRound(graph: Map<string, Set<string>>, loop: readonly string[], start: string) {
  const members = new Set(loop);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of graph.get(at) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const way = [at];
        for (let back = cameFrom.get(at); back !== undefined; back = cameFrom.get(back)) {
          way.unshift(back);
        }
        return [...way, start];
      }
      if (!cameFrom.has(next) && next !== start) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return [...loop, start];
}

/** Each import cycle: its files, and the shortest way round from the first, `a → b → a`. */
export function importCycles(
  root: string,
  graph = importGraph(root),
): { files: string[]; round: string }[] {
  return loopsOf(graph).map((files) => ({
    files,
    round: shortestRound(graph, files, files[0] ?? '').join(' → '),
  }));
}
