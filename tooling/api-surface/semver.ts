import ts from '@typescript/typescript6';
import type { Surface } from './surface.ts';

/** What changed between two surfaces, each as `module: name`. */
export interface SurfaceChange {
  added: string[];
  removed: string[];
  changed: string[];
  /**
   * A constant that only lost members no release reads, or an export or module no release
   * imports (`retirable`): the second step of decision 010's "add beside the old, remove a
   * release later". No consumer that can meet this version observes it, so it bumps as an
   * addition does.
   */
  retired: string[];
}

/**
 * Whether the members a declaration lost (dotted paths, `loans.status.active`) may go without
 * a break: nothing that can meet this version reads them (shared-surface asks the words check).
 * `removed` empty: the whole export went, the second step for a deprecated export
 * (deprecated-exports), which nothing that can meet this version imports either.
 */
export type Retirable = (module: string, name: string, removed: string[]) => boolean;

/**
 * The dotted path of every leaf member of a declaration's object type, with its text
 * (`common.retry` → `readonly retry: "…"`); undefined when it declares no object type.
 */
function leafMembers(declaration: string): Map<string, string> | undefined {
  const source = ts.createSourceFile('d.ts', declaration, ts.ScriptTarget.Latest, true);
  let root: ts.TypeLiteralNode | undefined;
  source.forEachChild(function find(node) {
    if (!root && ts.isTypeLiteralNode(node)) root = node;
    else if (!root) node.forEachChild(find);
  });
  if (!root) return undefined;
  const leaves = new Map<string, string>();
  const walk = (type: ts.TypeLiteralNode, prefix: string) => {
    for (const member of type.members) {
      const name = member.name?.getText(source) ?? member.getText(source);
      if (ts.isPropertySignature(member) && member.type && ts.isTypeLiteralNode(member.type)) {
        walk(member.type, `${prefix}${name}.`);
      } else leaves.set(`${prefix}${name}`, member.getText(source));
    }
  };
  walk(root, '');
  return leaves;
}

/** The members `now` lost from `old`, when that is all that changed; undefined otherwise. */
export function onlyRemovedMembers(old: string, now: string): string[] | undefined {
  const before = leafMembers(old);
  const after = leafMembers(now);
  if (!before || !after) return undefined;
  const kept = [...after].every(([path, text]) => before.get(path) === text);
  const removed = [...before.keys()].filter((path) => !after.has(path));
  return kept && removed.length > 0 ? removed : undefined;
}

export type ChangeKind = 'none' | 'addition' | 'breaking';

/**
 * A declaration as its meaning compares: a union of literals in one order. TypeScript prints a
 * union's members in the order it first met their types, so `1 | 2 | 3` reads `3 | 1 | 2` once
 * another module is checked first; the type, and what a caller may pass, are the same.
 */
export function canonical(declaration: string): string {
  const source = ts.createSourceFile('d.ts', declaration, ts.ScriptTarget.Latest, true);
  const sortLiterals: ts.TransformerFactory<ts.Node> = (context) => {
    const visit = (node: ts.Node): ts.Node => {
      const visited = ts.visitEachChild(node, visit, context);
      if (!ts.isUnionTypeNode(visited) || !visited.types.every(ts.isLiteralTypeNode)) {
        return visited;
      }
      const text = (type: ts.TypeNode) => type.getText(source);
      const sorted = [...visited.types].sort((a, b) => text(a).localeCompare(text(b)));
      return context.factory.updateUnionTypeNode(visited, context.factory.createNodeArray(sorted));
    };
    return (node) => ts.visitNode(node, visit) as ts.Node;
  };
  const [transformed] = ts.transform<ts.Node>(source, [sortLiterals]).transformed;
  return ts.createPrinter().printNode(ts.EmitHint.Unspecified, transformed ?? source, source);
}

export function compareSurfaces(
  before: Surface,
  after: Surface,
  retirable?: Retirable,
): SurfaceChange {
  const change: SurfaceChange = { added: [], removed: [], changed: [], retired: [] };
  const modules = new Set([...Object.keys(before.modules), ...Object.keys(after.modules)]);
  for (const module of [...modules].sort()) {
    const old = before.modules[module];
    const now = after.modules[module];
    if (!old) change.added.push(`${module} (module)`);
    else if (!now) {
      const exports = Object.keys(old).filter((name) => !name.startsWith('(local) '));
      if (retirable && exports.every((name) => retirable(module, name, []))) {
        change.retired.push(`${module} (module no release imports)`);
      } else change.removed.push(`${module} (module)`);
    } else {
      for (const name of new Set([...Object.keys(old), ...Object.keys(now)])) {
        const local = name.startsWith('(local) ');
        if (old[name] === undefined) {
          // A local a new export leans on comes with it; only the export is an addition.
          if (!local) change.added.push(`${module}: ${name}`);
        } else if (now[name] === undefined) {
          // A local that went is seen in the export that used it.
          if (local) continue;
          if (retirable?.(module, name, [])) {
            change.retired.push(`${module}: ${name} (no release imports it)`);
          } else change.removed.push(`${module}: ${name}`);
        } else if (old[name] !== now[name] && canonical(old[name]) !== canonical(now[name])) {
          const removed = retirable ? onlyRemovedMembers(old[name], now[name]) : undefined;
          if (removed && retirable?.(module, name, removed)) {
            change.retired.push(`${module}: ${name} (${removed.length} members no release reads)`);
          } else change.changed.push(`${module}: ${name}`);
        }
      }
    }
  }
  return change;
}

export function kindOf(change: SurfaceChange): ChangeKind {
  if (change.removed.length > 0 || change.changed.length > 0) return 'breaking';
  return change.added.length > 0 || change.retired.length > 0 ? 'addition' : 'none';
}

type Version = [number, number, number];

const format = (version: Version) => version.join('.');

function parse(version: string): Version {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`not a release version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * The position a change must bump, read as a caret range reads it (the `requiredVersion:
 * ^<version>` each remote's build declares): from 1.0.0 a break is major and an addition
 * minor; below it `^0.y.z` holds only 0.y, so a break bumps y and an addition z.
 */
function positionFor(kind: Exclude<ChangeKind, 'none'>, [major]: Version): 0 | 1 | 2 {
  if (major > 0) return kind === 'breaking' ? 0 : 1;
  return kind === 'breaking' ? 1 : 2;
}

/** The lowest version a change of `kind` from `from` allows: `from` itself when none. */
export function bumped(from: string, kind: ChangeKind): string {
  const version = parse(from);
  if (kind === 'none') return from;
  const position = positionFor(kind, version);
  return format(
    version.map((part, index) =>
      index < position ? part : index === position ? part + 1 : 0,
    ) as Version,
  );
}

/** Negative, zero or positive as `a` is below, at or above `b`. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parse(a), parse(b)];
  const index = x.findIndex((part, i) => part !== y[i]);
  return index < 0 ? 0 : (x[index] ?? 0) - (y[index] ?? 0);
}

/** Why `to` is not the version a change of `kind` from `from` needs, or null when it is. */
export function versionProblem(from: string, to: string, kind: ChangeKind): string | null {
  const old = parse(from);
  const now = parse(to);
  const compare = now.findIndex((part, index) => part !== old[index]);
  if (compare >= 0 && (now[compare] ?? 0) < (old[compare] ?? 0)) {
    return `version ${to} is lower than ${from}`;
  }
  if (kind === 'none') return null;
  const needed = positionFor(kind, old);
  const name = ['major', 'minor', 'patch'][needed];
  // The bumped position must be `needed` or a wider one, the later ones reset to 0.
  if (compare < 0 || compare > needed) {
    return `${kind === 'breaking' ? 'a removal or change' : 'an addition'} needs a ${name} bump of ${from} (read as ^${from}), not ${to}`;
  }
  if (now.slice(compare + 1).some((part) => part !== 0)) {
    return `version ${to}: after the bumped part, the rest starts again at 0`;
  }
  return null;
}

/** A version on record: the report as it stood in the commit that first recorded that version. */
export interface FirstReport {
  commit: string;
  surface: Surface;
}

/** Of every report on record, oldest first, the first of each version. */
export function firstOfEachVersion(records: FirstReport[]): FirstReport[] {
  const firsts = new Map<string, FirstReport>();
  for (const record of records) {
    if (!firsts.has(record.surface.version)) firsts.set(record.surface.version, record);
  }
  return [...firsts.values()];
}

/** The surface now against one version on record. */
export interface Comparison {
  version: string;
  commit: string;
  change: SurfaceChange;
  problem: string | null;
}

export interface VersionVerdict {
  comparisons: Comparison[];
  /** The lowest version every comparison allows. */
  needed: string;
  /** Why the report's version is not allowed, with the version it needs; null when it is. */
  problem: string | null;
}

/**
 * The versions on record the report's version answers to, each as first recorded:
 * - its own (or, for a version not recorded yet, the newest on record, the one it bumps from),
 *   so that a change recorded under an unchanged version fails instead of riding on its bump;
 * - the newest on record, so a version never goes back.
 * Not the oldest of its caret line: a break shipped under a patch bump is judged once, when it
 * is recorded; judging it again later would call every release built since incompatible with
 * the surface it was built against (decision 019, "The version follows the change").
 */
export function baselines(firsts: FirstReport[], version: string): FirstReport[] {
  const newest = firsts.at(-1);
  if (!newest) return [];
  const own = firsts.find((first) => first.surface.version === version) ?? newest;
  return [...new Set([own, newest])];
}

/** Whether `report`'s version follows what changed since each version it answers to. */
export function judgeVersion(
  firsts: FirstReport[],
  report: Surface,
  retirable?: Retirable,
): VersionVerdict {
  const comparisons = baselines(firsts, report.version).map(({ commit, surface }) => {
    const change = compareSurfaces(surface, report, retirable);
    const problem = versionProblem(surface.version, report.version, kindOf(change));
    return { version: surface.version, commit, change, problem };
  });
  const needed = comparisons
    .map(({ version, change }) => bumped(version, kindOf(change)))
    .reduce<string | undefined>((a, b) => (a && compareVersions(a, b) >= 0 ? a : b), undefined);
  const failed = comparisons.filter((comparison) => comparison.problem);
  const problem =
    failed.length === 0
      ? null
      : `version ${report.version} needs ${needed}: ${failed
          .map(
            (c) => `against ${c.version} as first recorded (${c.commit.slice(0, 7)}), ${c.problem}`,
          )
          .join('; ')}`;
  return { comparisons, needed: needed ?? report.version, problem };
}
