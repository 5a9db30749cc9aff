import { boundaryViolations } from './package-boundaries';
import { fixtureWorkspace } from './testing/fixture-workspace';

describe('package boundaries', () => {
  const workspace = fixtureWorkspace();
  beforeEach(() => {
    workspace.pkg('lib', { './api': './src/api.ts', './parts/*': './src/parts/*.ts' });
    workspace.pkg('app');
    workspace.write('lib/src/api.ts', 'export const api = 1;\n');
    workspace.write('lib/src/hidden.ts', 'export const hidden = 1;\n');
    workspace.write('lib/src/parts/one.ts', 'export const one = 1;\n');
    workspace.write('app/src/main.ts', 'export const main = 1;\n');
  });

  it('lets a package in by what its exports declare, and its own files and the registry', () => {
    workspace.write(
      'app/src/ok.ts',
      [
        "import { api } from 'lib/api';",
        "import { one } from 'lib/parts/one';",
        "import { main } from './main';",
        "import { z } from 'zod';",
        "import path from 'node:path';",
      ].join('\n'),
    );
    expect(boundaryViolations(workspace.root)).toEqual([]);
  });

  it("names an import into another package's src/ or server/, tests' too", () => {
    workspace.write('app/src/a.ts', "import { hidden } from 'lib/src/hidden';\n");
    workspace.write('lib/server/serve.ts', 'export const serve = 1;\n');
    workspace.write('app/src/a.test.ts', "import type { Serve } from 'lib/server/serve';\n");
    workspace.write('lib/src/b.ts', "const main = await import('app/src/main');\n");
    expect(boundaryViolations(workspace.root)).toEqual([
      "lib/src/b.ts → app/src/main (into app's src/)",
      "app/src/a.test.ts → lib/server/serve (into lib's server/)",
      "app/src/a.ts → lib/src/hidden (into lib's src/)",
    ]);
  });

  it("names what a package's exports do not declare", () => {
    workspace.write('app/src/a.ts', "export { hidden } from 'lib/hidden';\n");
    expect(boundaryViolations(workspace.root)).toEqual([
      "app/src/a.ts → lib/hidden (not in lib's exports)",
    ]);
  });

  it('names a relative path that leaves its package', () => {
    workspace.write('app/src/a.ts', "import { api } from '../../lib/src/api';\n");
    workspace.write('app/src/b.ts', "import { main } from '../src/main';\n");
    expect(boundaryViolations(workspace.root)).toEqual([
      'app/src/a.ts → ../../lib/src/api (leaves app by a relative path)',
    ]);
  });
});
