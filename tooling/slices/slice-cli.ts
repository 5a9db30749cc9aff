import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILT_APPS,
  type BuiltApp,
  buildKey,
  checkoutOf,
  keepBuild,
  restoreBuild,
  treeOf,
  workingTree,
} from './build-cache.ts';
import { keepBuildsForOwnMachines, onOwnMachine, ownMachinesPossible } from './own-machine.ts';
import {
  affectedPipelines,
  e2eGrepOf,
  isPipeline,
  PACKAGES_OF,
  PIPELINES,
  type Pipeline,
  SLICE_TAG_NAMES,
  SLICES,
  type WorkspacePackage,
} from './pipelines.ts';
import { formatTimes, runStages, type Stage, type Step } from './stages.ts';

/*
 * `pnpm slice`: the pipelines of decision 039.
 *   pnpm slice check <remote-home|remote-account|remote-loans|platform|all> [--base <ref>]
 *   pnpm slice affected [--base <ref>]          the pipelines a change since <ref> runs
 *   pnpm slice check --affected [--base <ref>]  runs them
 * <ref> is the target branch (SLICE_BASE, else HEAD): a slice is tested with the host, the
 * page server and the other slices as they are there.
 * `pnpm test` is `pnpm slice check all`.
 */

const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

const pnpm = (name: string, args: string[], env?: Record<string, string>): Stage => ({
  name,
  command: 'pnpm',
  args,
  ...(env ? { env } : {}),
});

const filters = (packages: readonly string[]) => packages.flatMap((name) => ['--filter', name]);

/**
 * The builds a pipeline serves: `own` as the working tree has them, the rest as they are at
 * `othersAt` (a slice's pipeline: the target branch, so another slice's change in flight never
 * reaches it), or as the working tree has them too. Each comes from the cache when kept under
 * its key; the rest are built once and kept — in place, or in a checkout of `othersAt` when the
 * working tree changed them.
 */
function buildStage(own: readonly BuiltApp[], othersAt?: string): Stage {
  return {
    name: 'build',
    command: '',
    args: [],
    run: () => {
      const working = workingTree(ROOT);
      const base = othersAt ? treeOf(ROOT, othersAt) : working;
      const wanted = BUILT_APPS.map((app) => {
        const key = buildKey(ROOT, app, own.includes(app) ? working : base);
        return { app, key, inPlace: key === buildKey(ROOT, app, working) };
      });
      const missing = wanted.filter(({ app, key }) => !restoreBuild(ROOT, app, key));
      const restored = wanted.filter((build) => !missing.includes(build)).map(({ app }) => app);
      if (restored.length > 0) console.info(`from the build cache: ${restored.join(', ')}`);
      const here = missing.filter((build) => build.inPlace);
      if (here.length > 0) {
        console.info(`building: ${here.map(({ app }) => app).join(', ')}`);
        execFileSync('pnpm', [...filters(here.map(({ app }) => app)), '--parallel', 'build'], {
          cwd: ROOT,
          stdio: 'inherit',
        });
        for (const { app, key } of here) keepBuild(ROOT, app, key);
      }
      const there = missing.filter((build) => !build.inPlace);
      if (there.length > 0 && othersAt) {
        const commit = execFileSync('git', ['rev-parse', othersAt], {
          cwd: ROOT,
          encoding: 'utf8',
        }).trim();
        console.info(`building at ${othersAt}: ${there.map(({ app }) => app).join(', ')}`);
        const checkout = checkoutOf(ROOT, commit);
        execFileSync('pnpm', [...filters(there.map(({ app }) => app)), '--parallel', 'build'], {
          cwd: checkout,
          stdio: 'inherit',
        });
        for (const { app, key } of there) {
          keepBuild(checkout, app, key);
          restoreBuild(ROOT, app, key);
        }
      }
      // Before any pass can change what is served: the builds the own machines start from.
      if (ownMachinesPossible()) keepBuildsForOwnMachines(ROOT);
    },
  };
}

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
      pnpm('unit tests', ['--filter', slice, 'test']),
      releaseInProduction,
      ...(split ? [ownMachine(e2e(`${name}, second half`, [...grep, '--shard=2/2']))] : []),
    ],
  );
}

/**
 * The passes only the platform's change needs, and the builds that bind no product port (the
 * release in production; the page server's image, smoked on ports of its own). WebKit and the
 * skew pass bind the product's ports: they run in the browsers' lane, after the suite. So do
 * the passes through nginx and across three machines, unless this machine gives each a machine
 * of its own: then they run in the lane beside, after the unit tests, while the suite runs.
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
  return { browsers: [webkit, skew], beside: [...builds, ownMachine(nginx), ownMachine(machines)] };
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

function stagesOf(pipeline: Pipeline | 'all', base: string): Step[] {
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

/** The workspace's packages and their workspace dependencies, as pnpm lists them. */
function workspace(): WorkspacePackage[] {
  const listed = JSON.parse(
    execFileSync('pnpm', ['ls', '--recursive', '--depth', '0', '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as {
    name: string;
    dependencies?: Record<string, { version: string }>;
    devDependencies?: Record<string, { version: string }>;
  }[];
  return listed.map((pkg) => ({
    name: pkg.name,
    dependsOn: Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })
      .filter(([, dependency]) => dependency.version.startsWith('link:'))
      .map(([name]) => name),
  }));
}

/** What changed since `base`: pnpm's changed packages, and the e2e files by name. */
function changeSince(base: string): Pipeline[] {
  const listed = JSON.parse(
    execFileSync('pnpm', ['ls', '--filter', `[${base}]`, '--depth', '-1', '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
    }),
  ) as { name: string }[];
  const files = execFileSync('git', ['diff', '--name-only', base, '--'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const packageFolders = new Set(readdirSync(ROOT).filter((entry) => isWorkspaceFolder(entry)));
  const outside = files.filter((file) => !packageFolders.has(file.split('/')[0] ?? ''));
  // The docs are checked by the platform's tools (their paths, the env table); other root files
  // (the lockfile, the base configs, CI) build and run everything.
  const docsOnly = outside.every((file) => file.startsWith('docs/') || /^[^/]+\.md$/.test(file));
  const packages = listed.map((pkg) => pkg.name);

  const specs = files.flatMap((file) => {
    const name = /^e2e\/tests\/(.+)\.spec\.ts$/.exec(file)?.[1];
    if (!name) return [];
    // A spec deleted since the base tags nothing now: its slices' own specs still ran it.
    const text = existsSync(path.join(ROOT, file))
      ? readFileSync(path.join(ROOT, file), 'utf8')
      : '';
    const tags = SLICES.filter((slice) => new RegExp(`\\b${SLICE_TAG_NAMES[slice]}\\b`).test(text));
    return [{ name, tags }];
  });
  const e2eShared = files.some(
    (file) => file.startsWith('e2e/') && !/^e2e\/tests\/.+\.spec\.ts$/.test(file),
  );
  const affected = affectedPipelines(
    { packages, specs, shared: (outside.length > 0 && !docsOnly) || e2eShared },
    workspace(),
  );
  if (outside.length > 0 && !affected.includes('platform')) affected.push('platform');
  return affected;
}

const isWorkspaceFolder = (entry: string) =>
  PIPELINES.some((pipeline) => PACKAGES_OF[pipeline].includes(entry));

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
