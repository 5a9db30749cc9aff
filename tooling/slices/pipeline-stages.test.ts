import { afterEach, describe, expect, it } from 'vitest';
import { ownMachinesPossible } from './own-machine.ts';
import { stagesOf } from './pipeline-stages.ts';
import type { Lanes, Stage } from './stages.ts';

/** The pipeline's two lanes, each as its stages' names. */
function lanesOf(pipeline: Parameters<typeof stagesOf>[0]): string[][] {
  const [step] = stagesOf(pipeline, 'HEAD');
  const lanes = (step as Lanes).lanes;
  return lanes.map((lane) => lane.map((stage: Stage) => stage.name));
}

const afterOf = (pipeline: Parameters<typeof stagesOf>[0], name: string) =>
  (stagesOf(pipeline, 'HEAD')[0] as Lanes).lanes.flat().find((stage) => stage.name === name)?.after;

/** What the browsers' lane of `pnpm test` begins with when it has every pass. */
const SUITE = ['build', 'browsers', 'e2e', 'webkit'];

describe("what a slice's pipeline checks", () => {
  it('checks the import rules from its own files on, beside its lint', () => {
    const [, beside] = lanesOf('remote-home');
    expect(beside).toContain('structure');
    expect(
      (stagesOf('remote-home', 'HEAD')[0] as Lanes).lanes
        .flat()
        .find((s) => s.name === 'structure'),
    ).toMatchObject({
      args: ['exec', 'depcruise', '--config', '.dependency-cruiser.cjs', 'remote-home'],
    });
  });
});

describe('what `pnpm test` runs in each lane', () => {
  afterEach(() => {
    delete process.env.OWN_MACHINES;
  });

  it('without machines of their own: every pass that binds the ports, one after another in the browsers’ lane', () => {
    process.env.OWN_MACHINES = '0';
    const [browsers, beside] = lanesOf('all');
    expect(browsers).toEqual([
      ...SUITE,
      'e2e through nginx',
      'three machines',
      'version skew (both ways)',
    ]);
    expect(beside).toContain('unit tests');
    expect(beside).not.toContain('three machines');
  });

  it.skipIf(!ownMachinesPossible())(
    'with machines of their own: nginx, WebKit and the skew beside the suite, once the build is kept; the machines last, alone',
    () => {
      const [browsers, beside] = lanesOf('all');
      expect(browsers).toEqual(['build', 'browsers', 'e2e', 'three machines']);
      const own = (name: string) => `${name}, on a machine of its own`;
      expect(beside?.slice(-3)).toEqual([
        own('e2e through nginx'),
        own('webkit'),
        own('version skew (both ways)'),
      ]);
      for (const name of ['e2e through nginx', 'webkit']) {
        expect(afterOf('all', own(name))).toContain('build');
      }
      expect(afterOf('all', own('version skew (both ways)'))).toEqual(
        expect.arrayContaining(['build', 'the release in production']),
      );
      // Nothing runs beside the canaries' judge.
      expect(afterOf('all', 'three machines')).toEqual([own('version skew (both ways)')]);
    },
  );

  it.skipIf(!ownMachinesPossible())(
    "with machines of their own: a slice's browser tests in two halves, side by side",
    () => {
      const [browsers, beside] = lanesOf('remote-loans');
      expect(browsers).toContain("e2e (remote-loans's tests), first half");
      expect(beside).toContain("e2e (remote-loans's tests), second half, on a machine of its own");
    },
  );
});
