import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { affectedPipelines, PIPELINES, SPECS_OF, type WorkspacePackage } from './pipelines';

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

const change = (packages: string[], specs: string[] = [], shared = false) =>
  affectedPipelines({ packages, specs, shared }, workspace());

describe('the pipelines a change runs', () => {
  it('runs a slice’s own pipeline alone for a change in that slice', () => {
    expect(change(['remote-account'])).toEqual(['remote-account']);
    expect(change(['remote-home'])).toEqual(['remote-home']);
    expect(change(['remote-loans'])).toEqual(['remote-loans']);
  });

  it('runs every consumer’s pipeline for a change in shared or in the tools they are built with', () => {
    expect(change(['shared'])).toEqual([...PIPELINES]);
    expect(change(['tooling'])).toEqual([...PIPELINES]);
  });

  it('runs the platform’s alone for the page server, the host, the deployment and the sandbox', () => {
    for (const name of ['page-server', 'host', 'deploy', 'sandbox-api', 'release-contract'])
      expect(change([name]), name).toEqual(['platform']);
  });

  it('runs the pipelines of a changed spec, and every pipeline for the suite’s own helpers', () => {
    expect(change(['e2e'], ['calculator'])).toEqual(['remote-home']);
    expect(change(['e2e'], ['payment'])).toEqual(['remote-loans']);
    expect(change(['e2e'], ['serving'])).toEqual(['platform']);
    expect(change(['e2e'], [], true)).toEqual([...PIPELINES]);
  });

  it('runs nothing for no change', () => {
    expect(change([])).toEqual([]);
  });
});

describe('the e2e specs by pipeline', () => {
  const specs = readdirSync(path.join(ROOT, 'e2e/tests'))
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => file.replace(/\.spec\.ts$/, ''));

  it('gives every spec to at least one pipeline', () => {
    const owned = new Set(PIPELINES.flatMap((pipeline) => SPECS_OF[pipeline]));
    expect(specs.filter((spec) => !owned.has(spec))).toEqual([]);
  });

  it('names only specs that exist', () => {
    for (const pipeline of PIPELINES)
      expect(
        SPECS_OF[pipeline].filter((spec) => !specs.includes(spec)),
        pipeline,
      ).toEqual([]);
  });
});
