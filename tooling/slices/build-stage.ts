import { execFileSync } from 'node:child_process';
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
import { keepBuildsForOwnMachines, ownMachinesPossible } from './own-machine.ts';
import { filters, ROOT } from './stage-commands.ts';
import type { Stage } from './stages.ts';

/**
 * The builds a pipeline serves: `own` as the working tree has them, the rest as they are at
 * `othersAt` (a slice's pipeline: the target branch, so another slice's change in flight never
 * reaches it), or as the working tree has them too. Each comes from the cache when kept under
 * its key; the rest are built once and kept — in place, or in a checkout of `othersAt` when the
 * working tree changed them.
 */
export function buildStage(own: readonly BuiltApp[], othersAt?: string): Stage {
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
