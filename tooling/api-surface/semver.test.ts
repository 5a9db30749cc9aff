import {
  baselines,
  bumped,
  compareSurfaces,
  firstOfEachVersion,
  judgeVersion,
  kindOf,
  versionProblem,
} from './semver';
import { entriesOf, type Surface } from './surface';

const surface = (modules: Surface['modules']): Surface => ({ version: '1.0.0', modules });

describe('entriesOf', () => {
  it('names each export with its declaration, leans-on locals apart, imports not at all', () => {
    const entries = entriesOf(`import type { X } from 'y';
/** comments are not the surface */
interface Options { a: string }
export declare function f(options: Options): X;
export declare const one: 1, two: 2;
export type { Z } from 'shared/z';
export {};
`);
    expect(Object.keys(entries).sort()).toEqual(['(local) Options', 'Z', 'f', 'one', 'two']);
    expect(entries.f).toBe('export declare function f(options: Options): X;');
    expect(entries.Z).toBe("export type { Z } from 'shared/z';");
  });
});

describe('a constant that only lost members no release reads', () => {
  const words = (members: string) =>
    surface({ 'shared/strings/ka': { ka: `export declare const ka: {\n${members}\n};` } });
  const before = words(
    'readonly a: { readonly kept: "x"; readonly old: "y"; };\nreadonly gone: { readonly z: "z"; };',
  );
  const after = words('readonly a: { readonly kept: "x"; };');
  const removed: string[][] = [];
  const unread = (_module: string, _name: string, paths: string[]) => {
    removed.push(paths);
    return true;
  };

  it('is retired, an addition, when the words check says nothing reads what went', () => {
    const change = compareSurfaces(before, after, unread);
    expect(removed).toEqual([['a.old', 'gone.z']]);
    expect(change.retired).toEqual(['shared/strings/ka: ka (2 members no release reads)']);
    expect(kindOf(change)).toBe('addition');
  });

  it('is a break when something still reads one, or when a kept member changed', () => {
    expect(kindOf(compareSurfaces(before, after, () => false))).toBe('breaking');
    const changed = words('readonly a: { readonly kept: "changed"; };');
    expect(kindOf(compareSurfaces(before, changed, unread))).toBe('breaking');
    expect(kindOf(compareSurfaces(before, after))).toBe('breaking');
  });
});

describe('an export or module no release imports', () => {
  const before = surface({
    'shared/a': { kept: 'export declare const kept: 1;', old: 'export declare const old: 1;' },
    'shared/gone': { f: 'export declare function f(): void;' },
  });
  const after = surface({ 'shared/a': { kept: 'export declare const kept: 1;' } });
  const asked: string[] = [];
  const unread = (module: string, name: string, removed: string[]) => {
    asked.push(`${module}: ${name} ${removed.length}`);
    return true;
  };

  it('is retired, an addition, when no release imports it (asked with no members)', () => {
    const change = compareSurfaces(before, after, unread);
    expect(asked).toEqual(['shared/a: old 0', 'shared/gone: f 0']);
    expect(change.retired).toEqual([
      'shared/a: old (no release imports it)',
      'shared/gone (module no release imports)',
    ]);
    expect(kindOf(change)).toBe('addition');
  });

  it('is a break while a release imports it', () => {
    const change = compareSurfaces(before, after, () => false);
    expect(change.removed).toEqual(['shared/a: old', 'shared/gone (module)']);
    expect(kindOf(change)).toBe('breaking');
  });
});

describe('compareSurfaces and kindOf', () => {
  const before = surface({ 'shared/a': { f: 'f(): void', '(local) O': 'interface O {}' } });

  it('sees nothing in the same surface', () => {
    expect(kindOf(compareSurfaces(before, before))).toBe('none');
  });

  it('sees a new module or export as an addition', () => {
    const after = surface({
      'shared/a': { ...before.modules['shared/a'], g: 'g(): void' },
      'shared/b': { h: 'h(): void' },
    });
    const change = compareSurfaces(before, after);
    expect(change.added).toEqual(['shared/a: g', 'shared/b (module)']);
    expect(kindOf(change)).toBe('addition');
  });

  it('sees a removal, or a change to an export or what it leans on, as breaking', () => {
    expect(kindOf(compareSurfaces(before, surface({})))).toBe('breaking');
    const changedLocal = surface({
      'shared/a': { f: 'f(): void', '(local) O': 'interface O { a: 1 }' },
    });
    expect(compareSurfaces(before, changedLocal).changed).toEqual(['shared/a: (local) O']);
    expect(kindOf(compareSurfaces(before, surface({ 'shared/a': { f: 'f(): 1' } })))).toBe(
      'breaking',
    );
  });
});

describe('canonical', () => {
  it('reads a union of literals in any order as one declaration, and nothing else as the same', () => {
    const printed = 'export declare const f: (t: 1 | 2 | 3) => { kind: "a" | "b"; };';
    const reordered = 'export declare const f: (t: 3 | 1 | 2) => { kind: "b" | "a"; };';
    const before = surface({ 'shared/a': { f: printed } });
    expect(kindOf(compareSurfaces(before, surface({ 'shared/a': { f: reordered } })))).toBe('none');
    const widened = 'export declare const f: (t: 1 | 2 | 3 | 4) => { kind: "a" | "b"; };';
    expect(kindOf(compareSurfaces(before, surface({ 'shared/a': { f: widened } })))).toBe(
      'breaking',
    );
  });
});

describe('versionProblem', () => {
  it('asks a break for a major bump from 1.0.0 on, an addition for a minor one', () => {
    expect(versionProblem('1.2.3', '2.0.0', 'breaking')).toBeNull();
    expect(versionProblem('1.2.3', '1.3.0', 'breaking')).toMatch(/major/);
    expect(versionProblem('1.2.3', '1.3.0', 'addition')).toBeNull();
    expect(versionProblem('1.2.3', '1.2.4', 'addition')).toMatch(/minor/);
    expect(versionProblem('1.2.3', '1.2.3', 'addition')).toMatch(/minor/);
    expect(versionProblem('1.2.3', '1.3.1', 'addition')).toMatch(/starts again at 0/);
  });

  it('reads 0.y.z as a caret range does: a break bumps y, an addition z', () => {
    expect(versionProblem('0.1.0', '0.2.0', 'breaking')).toBeNull();
    expect(versionProblem('0.1.0', '0.1.1', 'breaking')).toMatch(/minor/);
    expect(versionProblem('0.1.0', '0.1.1', 'addition')).toBeNull();
  });

  it('accepts any step up, or none, when the surface did not change; never a step down', () => {
    expect(versionProblem('1.2.3', '1.2.3', 'none')).toBeNull();
    expect(versionProblem('1.2.3', '1.2.4', 'none')).toBeNull();
    expect(versionProblem('1.2.3', '1.2.2', 'none')).toMatch(/lower/);
  });
});

describe('judgeVersion: each version answers to the versions on record, as first recorded', () => {
  const at = (version: string, modules: Surface['modules']): Surface => ({ version, modules });
  const a = { 'shared/a': { f: 'f(): void' } };
  const ab = { ...a, 'shared/b': { g: 'g(): void' } };
  const first = (commit: string, surface: Surface) => ({ commit: commit.repeat(40), surface });

  it('fails a module added, or a type changed, under a version already recorded', () => {
    const firsts = [first('1', at('0.1.0', a))];
    const added = judgeVersion(firsts, at('0.1.0', ab));
    expect(added.needed).toBe('0.1.1');
    expect(added.problem).toBe(
      'version 0.1.0 needs 0.1.1: against 0.1.0 as first recorded (1111111), an addition needs a patch bump of 0.1.0 (read as ^0.1.0), not 0.1.0',
    );
    const changed = judgeVersion(firsts, at('0.1.0', { 'shared/a': { f: 'f(): 1' } }));
    expect(changed.needed).toBe('0.2.0');
    expect(changed.problem).toMatch(
      /^version 0.1.0 needs 0.2.0: .*a removal or change needs a minor/,
    );
    expect(judgeVersion(firsts, at('0.1.0', a)).problem).toBeNull();
  });

  it('takes a version as it was first recorded: later records under it do not move it', () => {
    // 0.1.0 recorded twice, the second time with shared/b: only the first counts.
    const firsts = firstOfEachVersion([first('1', at('0.1.0', a)), first('2', at('0.1.0', ab))]);
    expect(judgeVersion(firsts, at('0.1.0', ab)).problem).toMatch(/an addition needs a patch bump/);
    expect(judgeVersion(firsts, at('0.1.1', ab)).problem).toBeNull();
  });

  it('answers to its own version as first recorded, or, not yet recorded, to the newest', () => {
    // 0.1.1 lost f (a break recorded under a patch bump): it was judged when it was recorded.
    const firsts = [
      first('1', at('0.1.0', ab)),
      first('2', at('0.1.1', { 'shared/b': ab['shared/b'] })),
    ];
    const report = at('0.1.2', { 'shared/b': ab['shared/b'] });
    expect(baselines(firsts, report.version).map((f) => f.surface.version)).toEqual(['0.1.1']);
    expect(judgeVersion(firsts, report).problem).toBeNull();
    expect(judgeVersion(firsts, at('0.1.1', ab)).problem).toMatch(
      /^version 0.1.1 needs 0.1.2: against 0.1.1 as first recorded \(2222222\), an addition/,
    );
    expect(
      judgeVersion(firsts.slice(0, 1), at('0.1.1', { 'shared/b': ab['shared/b'] })).needed,
    ).toBe('0.2.0');
  });

  it('counts a retired word as an addition, and never lets a version go back', () => {
    const words = (members: string) => ({
      'shared/strings/ka': { ka: `export declare const ka: { ${members} };` },
    });
    const firsts = [first('1', at('0.1.0', words('readonly a: "a"; readonly b: "b";')))];
    const retired = at('0.1.0', words('readonly a: "a";'));
    expect(judgeVersion(firsts, retired, () => true).needed).toBe('0.1.1');
    expect(judgeVersion(firsts, retired, () => false).needed).toBe('0.2.0');
    const later = [...firsts, first('2', at('0.1.1', words('readonly a: "a"; readonly b: "b";')))];
    expect(
      judgeVersion(later, at('0.1.0', words('readonly a: "a"; readonly b: "b";'))).problem,
    ).toMatch(/lower than 0.1.1/);
  });
});

describe('bumped', () => {
  it('bump the position a caret range reads, the rest from 0', () => {
    expect(bumped('0.1.2', 'addition')).toBe('0.1.3');
    expect(bumped('0.1.2', 'breaking')).toBe('0.2.0');
    expect(bumped('1.2.3', 'addition')).toBe('1.3.0');
    expect(bumped('1.2.3', 'breaking')).toBe('2.0.0');
    expect(bumped('1.2.3', 'none')).toBe('1.2.3');
  });
});
