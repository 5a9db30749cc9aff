import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILT_APPS,
  type BuiltApp,
  buildKey,
  keepBuild,
  restoreBuild,
  workingTree,
} from './build-cache.ts';
import {
  affectedPipelines,
  isPipeline,
  PACKAGES_OF,
  PIPELINES,
  type Pipeline,
  type SLICES,
  SPECS_OF,
  type WorkspacePackage,
} from './pipelines.ts';
import { formatTimes, runStages, type Stage } from './stages.ts';

/*
 * `pnpm slice`: the pipelines of decision 039.
 *   pnpm slice check <remote-home|remote-account|remote-loans|platform|all>
 *   pnpm slice affected [--base <ref>]          the pipelines a change since <ref> runs
 *   pnpm slice check --affected [--base <ref>]  runs them
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

/** Each app's build from the cache when nothing it is built from changed; the rest built once. */
function buildStage(apps: readonly BuiltApp[]): Stage {
  return {
    name: 'build',
    command: '',
    args: [],
    run: () => {
      const tree = workingTree(ROOT);
      const keys = new Map(apps.map((app) => [app, buildKey(ROOT, app, tree)]));
      const missing = apps.filter((app) => !restoreBuild(ROOT, app, keys.get(app) ?? ''));
      const restored = apps.filter((app) => !missing.includes(app));
      if (restored.length > 0) console.info(`from the build cache: ${restored.join(', ')}`);
      if (missing.length === 0) return;
      console.info(`building: ${missing.join(', ')}`);
      execFileSync('pnpm', [...filters(missing), '--parallel', 'build'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      for (const app of missing) keepBuild(ROOT, app, keys.get(app) ?? '');
    },
  };
}

const specFiles = (specs: readonly string[]) => specs.map((spec) => `tests/${spec}.spec.ts`);

/** Playwright in the e2e package against the builds, served as `pnpm serve` serves them. */
const e2e = (name: string, args: string[], env: Record<string, string> = {}) =>
  pnpm(name, ['--filter', 'e2e', 'exec', 'playwright', 'test', ...args], {
    E2E_BUILT: '1',
    ...env,
  });

/** What a slice's change can break, and nothing else. */
function sliceStages(slice: (typeof SLICES)[number]): Stage[] {
  return [
    pnpm('typecheck', ['--filter', slice, 'typecheck']),
    pnpm('lint', ['exec', 'biome', 'check', slice]),
    pnpm('unit tests', ['--filter', slice, 'test']),
    buildStage(BUILT_APPS),
    pnpm('browsers', ['--filter', 'e2e', 'exec', 'tsx', 'scripts/browser-version.ts']),
    e2e(`e2e (${slice}'s specs)`, specFiles(SPECS_OF[slice])),
    pnpm('version skew (the slice deployed alone)', ['--filter', 'e2e', 'test:skew', slice]),
  ];
}

/** The passes only the platform's change needs: served through nginx, machines, image, skew. */
const platformPasses = (): Stage[] => [
  pnpm('webkit', ['test:webkit']),
  pnpm('e2e through nginx', ['test:prod'], { E2E_BUILT: '1' }),
  pnpm('three machines', ['test:machines']),
  pnpm('image', ['test:image']),
  pnpm('version skew (both ways)', ['test:skew']),
];

function stagesOf(pipeline: Pipeline | 'all'): Stage[] {
  if (pipeline === 'all')
    return [
      pnpm('typecheck', ['typecheck']),
      pnpm('lint', ['lint']),
      pnpm('structure', ['structure']),
      pnpm('unit tests', ['test:unit']),
      buildStage(BUILT_APPS),
      pnpm('browsers', ['--filter', 'e2e', 'exec', 'tsx', 'scripts/browser-version.ts']),
      // The tests tagged @served run once, through nginx, in the pass after (decision 039).
      e2e('e2e', [], { E2E_SERVED_ELSEWHERE: '1' }),
      ...platformPasses(),
    ];
  if (pipeline !== 'platform') return sliceStages(pipeline);
  const packages = PACKAGES_OF.platform;
  return [
    pnpm('typecheck', [...filters(packages), '--parallel', '--no-bail', 'typecheck']),
    pnpm('lint', ['exec', 'biome', 'check', ...packages, '*.json']),
    pnpm('structure', ['structure']),
    pnpm('unit tests', [...filters(packages), '--workspace-concurrency=2', 'test']),
    buildStage(BUILT_APPS),
    pnpm('browsers', ['--filter', 'e2e', 'exec', 'tsx', 'scripts/browser-version.ts']),
    e2e('e2e (the platform\u2019s specs)', specFiles(SPECS_OF.platform), {
      E2E_SERVED_ELSEWHERE: '1',
    }),
    ...platformPasses(),
  ];
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

  const specs = files
    .map((file) => /^e2e\/tests\/(.+)\.spec\.ts$/.exec(file)?.[1])
    .filter((spec): spec is string => spec !== undefined);
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

function check(pipelines: readonly (Pipeline | 'all')[]): number {
  for (const pipeline of pipelines) {
    const times = runStages(stagesOf(pipeline), ROOT);
    console.info(formatTimes(pipeline, times));
    if (times.some((time) => !time.ok)) return 1;
    if (pipeline !== 'all' && pipeline !== 'platform')
      console.info(
        `\n${pipeline} is ready to release: pnpm --filter deploy rollout release ${pipeline} --canary 10`,
      );
  }
  return 0;
}

const [command, ...rest] = process.argv.slice(2);
const base = option(rest, '--base') ?? 'HEAD^';
if (command === 'affected') {
  console.info(changeSince(base).join('\n'));
} else if (command === 'check' && rest.includes('--affected')) {
  const pipelines = changeSince(base);
  console.info(`affected since ${base}: ${pipelines.join(', ') || 'nothing'}`);
  process.exitCode = check(pipelines);
} else if (command === 'check' && rest[0] && (rest[0] === 'all' || isPipeline(rest[0]))) {
  process.exitCode = check([rest[0]]);
} else {
  console.error(
    `usage: pnpm slice check <${[...PIPELINES, 'all'].join('|')}> | pnpm slice check --affected [--base <ref>] | pnpm slice affected [--base <ref>]`,
  );
  process.exitCode = 2;
}
