import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { fixtureWorkspace } from './testing/fixture-workspace';

const CONFIG = fileURLToPath(new URL('../../.dependency-cruiser.cjs', import.meta.url));

/** What the repo's rules say of the workspace at `root`: `rule: from → to`, one a violation. */
async function violations(root: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(CONFIG);
  const { output } = await cruise(['.'], { ...options, baseDir: root });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text');
  return output.summary.violations
    .map(({ rule, from, to }) =>
      from === to ? `${rule.name}: ${from}` : `${rule.name}: ${from} → ${to}`,
    )
    .sort();
}

describe('the import rules (.dependency-cruiser.cjs)', () => {
  const workspace = fixtureWorkspace();
  beforeEach(() => {
    workspace.pkg('shared', { './api/*': './src/api/*.ts' });
    workspace.pkg('tooling', { './apps': './apps.ts', './rspack/*': './rspack/*.ts' });
    workspace.pkg('host', { './app': './src/app/server-render.ts' }, ['shared', 'tooling']);
    workspace.pkg('remote-home', undefined, ['shared', 'tooling']);
    workspace.pkg('remote-loans', undefined, ['shared', 'tooling']);
    workspace.write('shared/src/api/client.ts', 'export const client = 1;\n');
    workspace.write('shared/src/hidden.ts', 'export const hidden = 1;\n');
    workspace.write('tooling/apps.ts', 'export const apps = [];\n');
    workspace.write('tooling/rspack/app-config.ts', "import { apps } from '../apps.ts';\n");
    workspace.write(
      'host/src/app/pages/home-page.tsx',
      "import { words } from '../../words/ka';\n",
    );
    workspace.write('host/src/words/ka.ts', "import { client } from 'shared/api/client';\n");
    workspace.write('remote-loans/src/features/loans/card.tsx', "import '../../lib/money';\n");
    workspace.write('remote-loans/src/lib/money.ts', 'export const money = 1;\n');
    workspace.write('remote-loans/src/app/overview.tsx', "import '../features/loans/card';\n");
  });

  it('finds nothing where imports keep the rules, tests and build configs included', async () => {
    workspace.write('remote-loans/src/features/repayment/repay.tsx', "import '../../lib/money';\n");
    workspace.write('remote-loans/src/index.ts', "void import('./app/overview');\n");
    workspace.write('remote-loans/src/lib/money.test.ts', "import '../features/loans/card';\n");
    workspace.write('remote-loans/rspack.config.ts', "import 'tooling/rspack/app-config';\n");
    workspace.write('host/src/words/ka.test.ts', "import 'tooling/apps';\n");
    await expect(violations(workspace.root)).resolves.toEqual([]);
  });

  it('names a feature importing another, and a common part importing a feature', async () => {
    workspace.write('remote-loans/src/features/repayment/repay.tsx', "import '../loans/card';\n");
    workspace.write('remote-loans/src/lib/money.ts', "import '../features/loans/card';\n");
    await expect(violations(workspace.root)).resolves.toEqual([
      'no-cycle: remote-loans/src/features/loans/card.tsx → remote-loans/src/lib/money.ts',
      'no-feature-to-feature: remote-loans/src/features/repayment/repay.tsx → remote-loans/src/features/loans/card.tsx',
      'no-import-up-a-floor: remote-loans/src/lib/money.ts → remote-loans/src/features/loans/card.tsx',
    ]);
  });

  it("names an import that climbs the host's floors, and a host file on no floor", async () => {
    workspace.write('host/src/words/ka.ts', "import '../app/pages/home-page';\n");
    workspace.write('host/src/stray.ts', 'export const stray = 1;\n');
    const found = await violations(workspace.root);
    expect(found).toContain(
      'no-import-up-a-floor: host/src/words/ka.ts → host/src/app/pages/home-page.tsx',
    );
    expect(found).toContain('no-program-file-off-its-floors: host/src/stray.ts');
  });

  it('names a slice importing another slice, the host importing a slice, shared an app', async () => {
    workspace.pkg('remote-home', undefined, ['shared', 'remote-loans']);
    workspace.pkg('host', undefined, ['shared', 'remote-home']);
    workspace.pkg('shared', { './api/*': './src/api/*.ts' }, ['host']);
    workspace.write('remote-home/src/index.ts', "import 'remote-loans/src/lib/money';\n");
    workspace.write('host/src/lib/slices.ts', "import 'remote-home/src/index';\n");
    workspace.write('shared/src/api/client.ts', "import 'host/src/lib/slices';\n");
    await expect(violations(workspace.root)).resolves.toEqual([
      'no-host-to-slice-source: host/src/lib/slices.ts → remote-home/src/index.ts',
      'no-shared-to-app: shared/src/api/client.ts → host/src/lib/slices.ts',
      'no-slice-to-another-app: remote-home/src/index.ts → remote-loans/src/lib/money.ts',
    ]);
  });

  it('names an import past exports, into a program, of an undeclared package, and out of a package', async () => {
    workspace.pkg('remote-home', undefined, ['tooling']);
    workspace.pkg('bench');
    workspace.pkg('deploy', undefined, ['bench']);
    workspace.write('bench/src/run.ts', 'export const run = 1;\n');
    workspace.write('deploy/cli.ts', "import 'bench/src/run';\n");
    workspace.registryPackage('left-pad');
    workspace.write('remote-loans/src/lib/hidden.ts', "import 'shared/src/hidden';\n");
    workspace.write(
      'remote-home/src/index.ts',
      "import 'shared/api/client';\nimport 'left-pad';\n",
    );
    workspace.write('remote-home/src/app/page.tsx', "import '../../../shared/src/hidden';\n");
    await expect(violations(workspace.root)).resolves.toEqual([
      'no-import-of-a-program-without-exports: deploy/cli.ts → bench/src/run.ts',
      'no-import-past-exports-or-undeclared: remote-home/src/index.ts → shared/api/client',
      'no-import-past-exports-or-undeclared: remote-loans/src/lib/hidden.ts → shared/src/hidden',
      'no-relative-import-out-of-its-package: remote-home/src/app/page.tsx → shared/src/hidden.ts',
      'no-undeclared-package: remote-home/src/index.ts → node_modules/left-pad/index.js',
    ]);
  });

  it("names a relative import inside shared's runtime, and the session importing the client", async () => {
    workspace.pkg('shared', { './api/*': './src/api/*.ts' }, ['shared']);
    workspace.write('shared/src/session/expiry.ts', "import 'shared/api/client';\n");
    workspace.write('shared/src/api/reader.ts', "import './client';\nimport './reader.css';\n");
    workspace.write('shared/src/api/reader.css', '');
    workspace.write('shared/src/api/reader.test.ts', "import './client';\n");
    await expect(violations(workspace.root)).resolves.toEqual([
      'no-relative-import-inside-shared: shared/src/api/reader.ts → shared/src/api/client.ts',
      'no-session-above-the-client: shared/src/session/expiry.ts → shared/src/api/client.ts',
    ]);
  });

  it('names a cycle of type-only imports, once', async () => {
    workspace.write('remote-loans/src/lib/plan.ts', "import { terms } from './terms';\n");
    workspace.write('remote-loans/src/lib/terms.ts', "import type { Plan } from './plan';\n");
    await expect(violations(workspace.root)).resolves.toEqual([
      'no-cycle: remote-loans/src/lib/plan.ts → remote-loans/src/lib/terms.ts',
    ]);
  });

  it("names the rollout or nginx reaching the page server's render code, through any file", async () => {
    workspace.pkg('page-server', {
      './http/*': './src/http/*.ts',
      './render/*': './src/render/*.ts',
    });
    workspace.pkg('deploy', undefined, ['page-server']);
    workspace.write('page-server/src/http/headers.ts', "import '../render/page';\n");
    workspace.write('page-server/src/render/page.ts', 'export const page = 1;\n');
    workspace.write('deploy/nginx/site.ts', "import 'page-server/render/page';\n");
    workspace.write('deploy/rollout/steps.ts', "import 'page-server/http/headers';\n");
    workspace.write('deploy/rollout/steps.test.ts', "import 'page-server/render/page';\n");
    const found = await violations(workspace.root);
    expect(found).toContain(
      'no-rollout-to-page-render: deploy/nginx/site.ts → page-server/src/render/page.ts',
    );
    expect(found).toContain(
      'no-rollout-to-page-render: deploy/rollout/steps.ts → page-server/src/render/page.ts',
    );
    expect(found.filter((line) => line.includes('steps.test.ts'))).toEqual([]);
  });

  it('names a runtime file that imports tooling', async () => {
    workspace.write('remote-home/src/index.ts', "import 'tooling/rspack/app-config';\n");
    await expect(violations(workspace.root)).resolves.toEqual([
      'no-runtime-to-tooling: remote-home/src/index.ts → tooling/rspack/app-config.ts',
    ]);
  });
});
