import { BUILT_APPS } from './build-cache.ts';
import { buildStage } from './build-stage.ts';
import { onOwnMachine, ownMachinesPossible } from './own-machine.ts';
import { e2eGrepOf, PACKAGES_OF, type Pipeline, type SLICES } from './pipelines.ts';
import { filters, pnpm, ROOT } from './stage-commands.ts';
import type { Stage, Step } from './stages.ts';

/*
 * What each pipeline runs, in which lane (decision 039): `pnpm slice check <pipeline>`.
 */

/** Playwright in the e2e package against the builds, served as `pnpm serve` serves them. */
const e2e = (name: string, args: string[], env: Record<string, string> = {}) =>
  pnpm(name, ['--filter', 'e2e', 'exec', 'playwright', 'test', ...args], {
    E2E_BUILT: '1',
    ...env,
  });

/**
 * The release in production, built once per commit into the cache: in the lane beside the
 * browsers, after the unit tests, so the skew pass (which waits for it) finds it built.
 */
const RELEASE_IN_PRODUCTION = 'the release in production';
const releaseInProduction = pnpm(RELEASE_IN_PRODUCTION, [
  '--filter',
  'e2e',
  'test:skew',
  '--release-only',
]);

/**
 * The checks that read the source (types, lint, unit tests) run in a lane beside the builds and
 * the browsers' passes, which leave about a quarter of two cores idle while they wait on pages
 * (decision 039); so do the builds that need no server: the release in production, the image.
 */
const besideTheBrowsers = (browsers: readonly Stage[], source: readonly Stage[]): Step[] => [
  { lanes: [browsers, source] },
];

/** Both browsers' versions, printed before their first pass. */
const browsers = pnpm('browsers', ['--filter', 'e2e', 'exec', 'tsx', 'scripts/browser-version.ts']);

/** `stage` on a machine of its own, once the build it starts from is kept. */
const ownMachine = (stage: Stage): Stage => ({
  ...onOwnMachine(stage, ROOT),
  after: [...(stage.after ?? []), 'build'],
});

/**
 * What a slice's change can break, and nothing else. Where this machine gives a pass a machine
 * of its own, the slice's browser tests are split in two: the second half runs beside the
 * first, with servers of its own, once the unit tests are done.
 */
function sliceStages(slice: (typeof SLICES)[number], base: string): Step[] {
  const name = `e2e (${slice}'s tests)`;
  const grep = ['--grep', e2eGrepOf(slice)];
  const split = ownMachinesPossible();
  return besideTheBrowsers(
    [
      // The host, the page server and the other slices as the target branch has them.
      buildStage([slice], base),
      browsers,
      split ? e2e(`${name}, first half`, [...grep, '--shard=1/2']) : e2e(name, grep),
      {
        ...pnpm('version skew (the slice deployed alone)', ['--filter', 'e2e', 'test:skew', slice]),
        after: [RELEASE_IN_PRODUCTION],
      },
    ],
    [
      pnpm('typecheck', ['--filter', slice, 'typecheck']),
      pnpm('lint', ['exec', 'biome', 'check', slice]),
      // The import rules from the slice's files on (decision 042), not the whole workspace's.
      pnpm('structure', ['exec', 'depcruise', '--config', '.dependency-cruiser.cjs', slice]),
      pnpm('unit tests', ['--filter', slice, 'test']),
      releaseInProduction,
      ...(split ? [ownMachine(e2e(`${name}, second half`, [...grep, '--shard=2/2']))] : []),
    ],
  );
}

/**
 * The passes only the platform's change needs, and the builds that bind no product port (the
 * release in production; the page server's image, smoked on ports of its own). The pass through
 * nginx, WebKit, the skew pass and the three machines bind the product's ports: one after
 * another in the browsers' lane, after the suite, unless this machine gives a pass a machine of
 * its own. Then all but the three machines run in the lane beside, after the unit tests, while
 * the suite, the longest pass, runs in the browsers' lane.
 */
function platformStages(): { browsers: Stage[]; beside: Stage[] } {
  const webkit = pnpm('webkit', ['test:webkit']);
  const nginx = pnpm('e2e through nginx', ['test:prod'], { E2E_BUILT: '1' });
  const machines = pnpm('three machines', ['test:machines']);
  const skew = {
    ...pnpm('version skew (both ways)', ['test:skew']),
    after: [RELEASE_IN_PRODUCTION],
  };
  const builds = [releaseInProduction, { ...pnpm('image', ['test:image']), after: ['build'] }];
  if (!ownMachinesPossible()) return { browsers: [webkit, nginx, machines, skew], beside: builds };
  const skewBeside = ownMachine(skew);
  // The three machines last, once nothing runs beside them: a canary's judge counts its first
  // renders on each machine, and on a starved machine those come late (a sound canary was
  // once rolled back for two such pages while the suite and the skew pass ran beside it).
  return {
    browsers: [{ ...machines, after: [skewBeside.name] }],
    beside: [...builds, ownMachine(nginx), ownMachine(webkit), skewBeside],
  };
}

/**
 * Every pass there is, for `pnpm test` and the platform's change (the host, the page server and
 * `shared` are under every slice's flows); `source` are the checks that read the source.
 */
function everyPass(source: readonly Stage[]): Step[] {
  const platform = platformStages();
  return besideTheBrowsers(
    [
      buildStage(BUILT_APPS),
      browsers,
      // The tests tagged @served run once, through nginx, in its pass (decision 039).
      e2e('e2e', [], { E2E_SERVED_ELSEWHERE: '1' }),
      ...platform.browsers,
    ],
    [...source, ...platform.beside],
  );
}

export function stagesOf(pipeline: Pipeline | 'all', base: string): Step[] {
  if (pipeline === 'all')
    return everyPass([
      pnpm('typecheck', ['typecheck']),
      pnpm('lint', ['lint']),
      pnpm('structure', ['structure']),
      pnpm('unit tests', ['test:unit']),
    ]);
  if (pipeline !== 'platform') return sliceStages(pipeline, base);
  const packages = PACKAGES_OF.platform;
  return everyPass([
    pnpm('typecheck', [
      ...filters(packages),
      '--workspace-concurrency=2',
      '--no-bail',
      'typecheck',
    ]),
    pnpm('lint', ['exec', 'biome', 'check', ...packages, 'package.json', 'tsconfig.base.json']),
    pnpm('structure', ['structure']),
    // e2e's `test` is the browsers' suite, run in the other lane.
    pnpm('unit tests', [
      ...filters(packages.filter((name) => name !== 'e2e')),
      '--workspace-concurrency=2',
      'test',
    ]),
  ]);
}
