import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../docs-paths.ts';
import type { ImportGraph } from './trace-paths.ts';

/** A module as dependency-cruiser's JSON output describes it (the fields read here). */
export interface CruisedModule {
  source: string;
  dependencies: readonly {
    resolved: string;
    coreModule: boolean;
    couldNotResolve: boolean;
    dependencyTypes: readonly string[];
  }[];
}

/** Tests and their helpers, as `.dependency-cruiser.cjs` names them: no path runs through them. */
const TEST_FILE = /\.(test|spec)\.tsx?$|(^|\/)testing\/|\.d\.ts$|^e2e\/|(^|\/)test\//;

/** What runs: imports of the workspace's own files, not of types only, tests or the registry's packages. */
export function importGraph(modules: readonly CruisedModule[]): ImportGraph {
  const runs = (file: string) => !TEST_FILE.test(file) && !file.includes('node_modules/');
  return new Map(
    modules
      .filter((module) => runs(module.source))
      .map((module) => [
        module.source,
        module.dependencies
          .filter(
            (dependency) =>
              !dependency.coreModule &&
              !dependency.couldNotResolve &&
              !dependency.dependencyTypes.includes('type-only') &&
              runs(dependency.resolved),
          )
          .map((dependency) => dependency.resolved),
      ]),
  );
}

/** The workspace's imports, as `pnpm structure` reads them (its config, its resolution). */
export function cruiseWorkspace(root = REPO_ROOT): ImportGraph {
  // The workspace's own command (its package exports no API that reads the config file).
  const json = execFileSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', '.'],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  return importGraph((JSON.parse(json) as { modules: CruisedModule[] }).modules);
}
