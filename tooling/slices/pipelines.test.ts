import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  affectedPipelines,
  e2eGrepOf,
  PIPELINES,
  SLICES,
  type Slice,
  SPECS_OF,
  type WorkspacePackage,
} from './pipelines';

const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The workspace as its package.json files say, read here so the test sees the real graph. */
function workspace(): WorkspacePackage[] {
  const folders = readFileSync(path.join(ROOT, 'pnpm-workspace.yaml'), 'utf8')
    .split('\n')
    .map((line) => /^ {2}- (\S+)$/.exec(line)?.[1])
    .filter((folder): folder is string => folder !== undefined);
  return folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    return {
      name: manifest.name,
      dependsOn: Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })
        .filter(([, range]) => range.startsWith('workspace:'))
        .map(([name]) => name),
    };
  });
}

const change = (
  packages: string[],
  specs: { name: string; tags: Slice[] }[] = [],
  shared = false,
) => affectedPipelines({ packages, specs, shared }, workspace());

describe('the pipelines a change runs', () => {
  it('runs a slice’s own pipeline alone for a change in that slice', () => {
    expect(change(['remote-account'])).toEqual(['remote-account']);
    expect(change(['remote-home'])).toEqual(['remote-home']);
    expect(change(['remote-loans'])).toEqual(['remote-loans']);
  });

  it('runs every consumer’s pipeline for a change in shared, in the tools they are built with, or in the contract the tools build them to', () => {
    expect(change(['shared'])).toEqual([...PIPELINES]);
    expect(change(['tooling'])).toEqual([...PIPELINES]);
    // A slice's build reads its port and exposed modules from release-contract (issue 57).
    expect(change(['release-contract'])).toEqual([...PIPELINES]);
  });

  it('runs the platform’s alone for the page server, the host, the deployment and the sandbox', () => {
    for (const name of ['page-server', 'host', 'deploy', 'sandbox-api'])
      expect(change([name]), name).toEqual(['platform']);
  });

  it('runs the platform’s and the owning or tagged slices’ pipelines for a changed spec, every pipeline for the suite’s own helpers', () => {
    expect(change(['e2e'], [{ name: 'calculator', tags: [] }])).toEqual([
      'remote-home',
      'platform',
    ]);
    expect(
      change(['e2e'], [{ name: 'sandbox', tags: ['remote-account', 'remote-loans'] }]),
    ).toEqual(['remote-account', 'remote-loans', 'platform']);
    expect(change(['e2e'], [{ name: 'serving', tags: [] }])).toEqual(['platform']);
    expect(change(['e2e'], [], true)).toEqual([...PIPELINES]);
  });

  it('runs nothing for no change', () => {
    expect(change([])).toEqual([]);
  });
});

describe('a slice’s e2e tests', () => {
  const specs = readdirSync(path.join(ROOT, 'e2e/tests'))
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => file.replace(/\.spec\.ts$/, ''));
  /** What Playwright matches --grep against: project, file, titles, then tags. */
  const grepTitle = (file: string, title: string, tags: string[] = []) =>
    [' desktop', file, title, ...tags].join(' ');

  it('names only specs that exist, each owned by one slice', () => {
    const owned = SLICES.flatMap((slice) => SPECS_OF[slice]);
    expect(owned.filter((spec) => !specs.includes(spec))).toEqual([]);
    expect(new Set(owned).size).toBe(owned.length);
  });

  it('are its specs’ tests and the tests tagged with it elsewhere, and no other', () => {
    const grep = new RegExp(e2eGrepOf('remote-loans'));
    expect(grep.test(grepTitle('payment.spec.ts', 'pays'))).toBe(true);
    expect(grep.test(grepTitle('failure-injection-loans.spec.ts', 'a bad release'))).toBe(true);
    expect(grep.test(grepTitle('sandbox.spec.ts', 'logs in', ['@served', '@loans']))).toBe(true);
    expect(grep.test(grepTitle('failure-injection.spec.ts', 'the calculator', ['@home']))).toBe(
      false,
    );
    expect(grep.test(grepTitle('shell.spec.ts', 'the terms page'))).toBe(false);
    expect(new RegExp(e2eGrepOf('remote-home')).test(grepTitle('loans.spec.ts', 'x'))).toBe(false);
  });
});
