import { REMOTE_APPS, type RemoteApp } from 'release-contract/apps';
import type { ReleasesDocument } from 'release-contract/releases-document';
import { describe, expect, it } from 'vitest';
import type { Verdict } from './canary-judge';
import { releaseStore } from './release-store';
import { sliceRollout } from './rollout';
import { memoryFiles } from './testing/memory-files';

const PATHS = {
  document: '/deployment/.nginx/releases.json',
  registry: '/deployment/.nginx/registry',
  inProduction: '/deployment/in-production.json',
};
const home = REMOTE_APPS.find((app) => app.folder === 'remote-home') as RemoteApp;
const [STABLE, NEXT, OLDER, STRAY] = [
  'aaaaaaaaaaaa',
  'bbbbbbbbbbbb',
  'cccccccccccc',
  'dddddddddddd',
];
const commitOf = (id: string) => id.slice(0, 1).repeat(40);
const PRODUCTION = { $comment: 'what customers have', commit: 'f'.repeat(40) };
const pin = (char: string) => `sha384-${char.repeat(64)}`;
/** What each release registered: the document carries it beside the release's address. */
const PINS = { entry: pin('A'), manifest: pin('B') };
const url = (remote: RemoteApp, id: string) =>
  `http://localhost:3000/${remote.folder}/releases/${id}/mf-manifest.json`;
const AT = '2026-01-02T03:04:05.000Z';

/** A deployment with `stable` as remote-home's release, NEXT and OLDER registered beside it. */
function deployment(stable = STABLE) {
  const files = memoryFiles({ [PATHS.inProduction]: `${JSON.stringify(PRODUCTION)}\n` });
  const store = releaseStore(files, PATHS);
  for (const id of [STABLE, NEXT, OLDER]) {
    store.register(home, id, PINS, `builds/${id}`);
    store.recordCommit(home, id, commitOf(id));
    store.recordSkewPass(home, id, new Date(AT));
  }
  store.writeDocument({
    remotes: REMOTE_APPS.map((app) => ({
      name: app.name,
      manifestUrl: url(app, stable),
      integrity: PINS,
    })),
  });
  let renders = 0;
  const rollout = sliceRollout(home, {
    store,
    releaseUrl: url,
    render: () => {
      renders += 1;
    },
    now: () => new Date(AT),
  });
  const read = (file: string) => files.read(file) ?? '';
  return {
    files,
    store,
    rollout,
    renders: () => renders,
    document: () => read(PATHS.document),
    history: () => JSON.parse(read(`${PATHS.registry}/remote-home/history.json`) || '[]'),
    production: () => JSON.parse(read(PATHS.inProduction)),
  };
}

/** remote-home's entry in the releases document's text. */
const homeEntry = (document: string) =>
  (JSON.parse(document) as ReleasesDocument).remotes.find((entry) => entry.name === home.name);
/** remote-home's entry on a stable release alone. */
const stableEntry = (id: string) => ({
  name: home.name,
  manifestUrl: url(home, id),
  integrity: PINS,
});

const promoteVerdict: Verdict = { kind: 'promote', why: 'held against the stable release' };
const rollBackVerdict: Verdict = { kind: 'roll back', why: 'its error rate is 9.0%' };

describe('a slice on its stable release', () => {
  it('starts a canary: its release and share beside the stable line, the pages rendered again', () => {
    const d = deployment();
    expect(d.rollout.startCanary(NEXT, 10)).toEqual({ stable: STABLE });
    expect(homeEntry(d.document())).toEqual({
      ...stableEntry(STABLE),
      canary: { manifestUrl: url(home, NEXT), integrity: PINS, percent: 10 },
    });
    expect(d.renders()).toBe(1);
    expect(d.rollout.state()).toEqual({
      phase: 'canary',
      stable: STABLE,
      canary: NEXT,
      percent: 10,
    });
    // Nothing is recorded until the canary ends.
    expect(d.history()).toEqual([]);
    expect(d.production()).toEqual(PRODUCTION);
  });

  it.each([
    ['the stable release itself', STABLE, 10, 'is already the stable one'],
    ['no whole percent', NEXT, 0, 'whole percent from 1 to 99'],
    ['every visitor', NEXT, 100, 'whole percent from 1 to 99'],
    ['a fraction', NEXT, 2.5, 'whole percent from 1 to 99'],
    ['a release never deployed here', STRAY, 10, 'has not passed "pnpm test:skew"'],
  ])('refuses a canary of %s, writing nothing', (_, id, percent, message) => {
    const d = deployment();
    const before = d.document();
    expect(() => d.rollout.startCanary(id, percent)).toThrow(message);
    expect(d.document()).toBe(before);
    expect(d.renders()).toBe(0);
  });

  it('refuses a canary before both releases passed the skew test', () => {
    const d = deployment();
    const unchecked = deployment();
    unchecked.files.files.delete(`${PATHS.registry}/skew-passes.json`);
    d.store.recordSkewPass(home, STRAY, new Date(AT));
    expect(() => d.rollout.startCanary(STRAY, 10)).toThrow('was never deployed here');
    expect(() => unchecked.rollout.startCanary(NEXT, 10)).toThrow(
      `release ${STABLE} has not passed "pnpm test:skew"`,
    );
    expect(unchecked.renders()).toBe(0);
  });

  it('rolls back to the release the stable one replaced, recorded as set, the production pin with it', () => {
    const d = deployment();
    d.rollout.startCanary(NEXT, 10);
    d.rollout.judge(promoteVerdict);
    expect(d.rollout.rollBack(`rolled back from ${NEXT} by hand`)).toEqual({
      phase: 'stable',
      stable: STABLE,
    });
    expect(homeEntry(d.document())).toEqual(stableEntry(STABLE));
    expect(d.history()).toEqual([
      expect.objectContaining({ release: NEXT, replaced: STABLE, how: 'promoted' }),
      {
        release: STABLE,
        replaced: NEXT,
        commit: commitOf(STABLE),
        at: AT,
        how: 'set',
        why: `rolled back from ${NEXT} by hand`,
      },
    ]);
    expect(d.production()).toEqual({
      ...PRODUCTION,
      commit: commitOf(STABLE),
      releases: {
        remote_home: { release: STABLE, replaced: NEXT, commit: commitOf(STABLE), at: AT },
      },
    });
  });

  it('refuses to roll back with no release before it recorded', () => {
    const d = deployment();
    expect(() => d.rollout.rollBack('by hand')).toThrow(`no release before ${STABLE} is recorded`);
    expect(d.renders()).toBe(0);
  });

  it('refuses to roll back to a release no longer registered, writing nothing', () => {
    const d = deployment();
    d.rollout.startCanary(NEXT, 10);
    d.rollout.judge(promoteVerdict);
    d.files.files.delete(`${PATHS.registry}/remote-home/${STABLE}.json`);
    const before = { document: d.document(), history: d.history(), production: d.production() };
    expect(() => d.rollout.rollBack('by hand')).toThrow(
      `release ${STABLE} was never deployed here`,
    );
    expect({ document: d.document(), history: d.history(), production: d.production() }).toEqual(
      before,
    );
  });

  it('refuses a promotion: there is no canary to promote', () => {
    const d = deployment();
    expect(() => d.rollout.promote({ byHand: 'promoted by hand' })).toThrow('no canary under way');
    expect(() => d.rollout.judge(promoteVerdict)).toThrow('no canary under way');
  });
});

describe('a slice with a canary under way', () => {
  const withCanary = () => {
    const d = deployment();
    d.rollout.startCanary(NEXT, 25);
    return d;
  };

  it('refuses a second canary', () => {
    const d = withCanary();
    expect(() => d.rollout.startCanary(OLDER, 10)).toThrow(
      `has a canary under way (${NEXT}): promote or roll it back first`,
    );
  });

  it('is left as it is while the judge waits', () => {
    const d = withCanary();
    const before = d.document();
    expect(d.rollout.judge({ kind: 'wait', why: '3 verified page views so far' })).toMatchObject({
      phase: 'canary',
    });
    expect(d.document()).toBe(before);
    expect(d.renders()).toBe(1);
    expect(d.history()).toEqual([]);
  });

  it('promoted by its judge: the canary is the stable release, recorded, the production pin moved to its commit', () => {
    const d = withCanary();
    expect(d.rollout.judge(promoteVerdict)).toEqual({ phase: 'stable', stable: NEXT });
    expect(homeEntry(d.document())).toEqual(stableEntry(NEXT));
    expect(d.renders()).toBe(2);
    const record = { release: NEXT, replaced: STABLE, commit: commitOf(NEXT), at: AT };
    expect(d.history()).toEqual([{ ...record, how: 'promoted', why: promoteVerdict.why }]);
    expect(d.production()).toEqual({
      ...PRODUCTION,
      commit: commitOf(NEXT),
      releases: { remote_home: record },
    });
    expect(d.files.read(`${PATHS.inProduction}.tmp`)).toBeUndefined();
  });

  it('rolled back by its judge: every visitor on the stable release, the canary recorded, the production pin unmoved', () => {
    const d = withCanary();
    expect(d.rollout.judge(rollBackVerdict)).toEqual({ phase: 'stable', stable: STABLE });
    expect(homeEntry(d.document())).toEqual(stableEntry(STABLE));
    expect(d.history()).toEqual([
      { release: NEXT, replaced: STABLE, at: AT, how: 'rolled back', why: rollBackVerdict.why },
    ]);
    expect(d.production()).toEqual(PRODUCTION);
  });

  it('refuses a promotion without a passing judgement, and takes one by hand', () => {
    const d = withCanary();
    expect(() => d.rollout.promote({ verdict: rollBackVerdict })).toThrow(
      `canary ${NEXT} was not judged sound: ${rollBackVerdict.why}`,
    );
    expect(() => d.rollout.promote({ verdict: { kind: 'wait', why: 'too early' } })).toThrow(
      'was not judged sound',
    );
    expect(d.rollout.state()).toMatchObject({ phase: 'canary', canary: NEXT });
    d.rollout.promote({ byHand: 'promoted by hand' });
    expect(d.history()).toEqual([
      expect.objectContaining({ how: 'promoted', why: 'promoted by hand' }),
    ]);
  });

  it('rolled back by hand: the canary ends, the stable release stays', () => {
    const d = withCanary();
    expect(d.rollout.rollBack('rolled back by hand')).toEqual({ phase: 'stable', stable: STABLE });
    expect(d.history()).toEqual([
      expect.objectContaining({ release: NEXT, how: 'rolled back', why: 'rolled back by hand' }),
    ]);
  });

  it("leaves the other slices' releases as they were", () => {
    const d = withCanary();
    const others = (document: string) =>
      (JSON.parse(document) as ReleasesDocument).remotes.filter(
        (entry) => entry.name !== home.name,
      );
    const before = others(d.document());
    d.rollout.judge(promoteVerdict);
    expect(others(d.document())).toEqual(before);
    expect(before).toHaveLength(REMOTE_APPS.length - 1);
    // Each slice keeps its place: the page's configuration and hints stay in the apps' order.
    const names = (JSON.parse(d.document()) as ReleasesDocument).remotes.map(({ name }) => name);
    expect(names).toEqual(REMOTE_APPS.map(({ name }) => name));
  });
});

describe('a slice with no release', () => {
  it('refuses a canary and a rollback', () => {
    const d = deployment();
    const document = JSON.parse(d.document()) as ReleasesDocument;
    d.store.writeDocument({
      remotes: document.remotes.filter((entry) => entry.name !== home.name),
    });
    expect(d.rollout.state()).toEqual({ phase: 'unreleased' });
    expect(() => d.rollout.startCanary(NEXT, 10)).toThrow('has no stable release');
    expect(() => d.rollout.rollBack('by hand')).toThrow('has no stable release');
  });

  it('is made stable by setting a registered release: the first record replaces nothing', () => {
    const d = deployment();
    d.files.write(PATHS.document, '{ "remotes": [] }');
    const record = d.rollout.setStable(OLDER, 'set');
    expect(record).toEqual({ release: OLDER, commit: commitOf(OLDER), at: AT, how: 'set' });
    expect(d.rollout.state()).toEqual({ phase: 'stable', stable: OLDER });
  });
});
