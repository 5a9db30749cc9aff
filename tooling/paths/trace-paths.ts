/*
 * How long a path through the product is (issue 57, decision 047): the files a newcomer walks
 * through to follow one behaviour, measured from the imports so anyone can repeat the count. A
 * path is legs from file to file; a leg's files are those on its shortest import routes. Where
 * code is reached at run time (a worker's script, the host's server entry, a remote's module, a
 * function handed down) no import joins the two, so the leg names the hand-off itself.
 */

/** Each file and the files it imports when it runs: no type-only import, no test, no package of the registry. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * One step of a path: from a file to one it reaches. Without `how`, imports connect them, and
 * the files on the shortest import routes between the two are on the path. With `how`, the
 * code is reached at run time (a process started, a built file loaded, a function handed down).
 */
export interface Leg {
  from: string;
  to: string;
  how?: string;
  /**
   * What the hand-off is: `runs` makes the path depend on the code it runs; `calls back` is a
   * function handed down and called back (a worker's fetch, axios's adapter); `new page` a page
   * the browser asks for (the bank's redirect). Only an import or `runs` can turn a path back.
   */
  kind?: 'runs' | 'calls back' | 'new page';
}

export interface ProductPath {
  name: string;
  legs: readonly Leg[];
}

export interface TracedPath {
  name: string;
  files: string[];
  folders: number;
  packages: string[];
  /** A package the path's imports and hand-offs leave and come back to ("a → b → … → a"). */
  turnBacks: string[];
  /** A function handed down and called back up the path: "from → to (how)", listed apart. */
  callBacks: string[];
  /** A leg whose start reaches its end by no import (the declaration no longer fits the code). */
  unreached: string[];
}

const packageOf = (file: string) => file.split('/')[0] ?? file;
const folderOf = (file: string) => file.split('/').slice(0, -1).join('/');

function reach(starts: readonly string[], next: (file: string) => readonly string[]): Set<string> {
  const seen = new Set(starts);
  const queue = [...starts];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const following of next(file)) {
      if (!seen.has(following)) {
        seen.add(following);
        queue.push(following);
      }
    }
  }
  return seen;
}

/** How many imports away each file is from the starts, following `next`. */
function distances(
  starts: readonly string[],
  next: (file: string) => readonly string[],
): Map<string, number> {
  const distance = new Map(starts.map((file) => [file, 0]));
  const queue = [...starts];
  for (let index = 0; index < queue.length; index += 1) {
    const file = queue[index] as string;
    for (const following of next(file)) {
      if (!distance.has(following)) {
        distance.set(following, (distance.get(file) ?? 0) + 1);
        queue.push(following);
      }
    }
  }
  return distance;
}

function reversed(graph: ImportGraph): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const [file, imports] of graph) {
    for (const imported of imports)
      importers.set(imported, [...(importers.get(imported) ?? []), file]);
  }
  return importers;
}

/** Package arrows that lie on a loop of arrows: "a → b → … → a". */
function loopsOf(arrows: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const loops: string[] = [];
  for (const [from, targets] of arrows) {
    for (const to of targets) {
      if (reach([to], (name) => [...(arrows.get(name) ?? [])]).has(from)) {
        loops.push(`${from} → ${to} → … → ${from}`);
      }
    }
  }
  return loops;
}

function addArrow(arrows: Map<string, Set<string>>, from: string, to: string): void {
  if (packageOf(from) === packageOf(to)) return;
  const targets = arrows.get(packageOf(from)) ?? new Set<string>();
  targets.add(packageOf(to));
  arrows.set(packageOf(from), targets);
}

/** The files, folders and packages a path runs through, and where it turns back. */
export function tracePath(graph: ImportGraph, path: ProductPath): TracedPath {
  const importers = reversed(graph);
  const files = new Set<string>();
  const unreached: string[] = [];
  for (const leg of path.legs) {
    files.add(leg.from);
    files.add(leg.to);
    const gone = [leg.from, leg.to].filter((file) => !graph.has(file));
    for (const file of gone) unreached.push(`${file} is no file the workspace runs`);
    if (leg.how || gone.length > 0) continue;
    const forward = distances([leg.from], (file) => graph.get(file) ?? []);
    const backward = distances([leg.to], (file) => importers.get(file) ?? []);
    const length = forward.get(leg.to);
    if (length === undefined) unreached.push(`${leg.from} → ${leg.to}`);
    // The shortest routes only: an import that also leads there by a longer way (a module read
    // for one constant that imports half the API) is not the way the leg takes.
    for (const [file, there] of forward) {
      if (there + (backward.get(file) ?? Number.POSITIVE_INFINITY) === length) files.add(file);
    }
  }
  const arrows = new Map<string, Set<string>>();
  for (const file of files) {
    for (const imported of graph.get(file) ?? []) {
      if (files.has(imported)) addArrow(arrows, file, imported);
    }
  }
  for (const leg of path.legs) {
    if (leg.how && leg.kind === 'runs') addArrow(arrows, leg.from, leg.to);
  }
  const downstream = (from: string) => reach([from], (name) => [...(arrows.get(name) ?? [])]);
  // A function handed down and called back goes up a path that imports or runs it.
  const callBacks = path.legs
    .filter((leg) => leg.kind === 'calls back' && packageOf(leg.from) !== packageOf(leg.to))
    .filter((leg) => downstream(packageOf(leg.to)).has(packageOf(leg.from)))
    .map((leg) => `${packageOf(leg.from)} → ${packageOf(leg.to)} (${leg.how})`);
  const sorted = [...files].sort();
  return {
    name: path.name,
    files: sorted,
    folders: new Set(sorted.map(folderOf)).size,
    packages: [...new Set(sorted.map(packageOf))],
    turnBacks: loopsOf(arrows),
    callBacks,
    unreached,
  };
}
