import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  affectedPipelines,
  PACKAGES_OF,
  PIPELINES,
  type Pipeline,
  SLICE_TAG_NAMES,
  SLICES,
  type WorkspacePackage,
} from './pipelines.ts';
import { ROOT } from './stage-commands.ts';

/*
 * Which pipelines a change runs (`pnpm slice affected`): the packages pnpm names as changed
 * since a base, followed through the workspace's graph (pipelines.ts's affectedPipelines).
 */

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

/** The provider's document, which every package's contract test reads (decision 044). */
const PROVIDER_DOCUMENT = 'docs/provider-api.openapi.json';

/**
 * A root file only people read: the docs, checked by the platform's tools (their paths, the env
 * table). The provider's document is under docs/ but is code's to read.
 */
export const isReadByNoCode = (file: string): boolean =>
  file !== PROVIDER_DOCUMENT && (file.startsWith('docs/') || /^[^/]+\.md$/.test(file));

/** What changed since `base`: pnpm's changed packages, and the e2e files by name. */
export function changeSince(base: string): Pipeline[] {
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
  // Other root files (the lockfile, the base configs, CI) build and run everything.
  const docsOnly = outside.every(isReadByNoCode);
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
