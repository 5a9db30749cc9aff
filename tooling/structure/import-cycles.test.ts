import { importCycles } from './import-cycles';
import { fixtureWorkspace } from './testing/fixture-workspace';

describe('import cycles', () => {
  const workspace = fixtureWorkspace();
  beforeEach(() => {
    workspace.pkg('lib', { './api': './src/api.ts' });
    workspace.pkg('app');
  });

  it('finds none where imports run one way', () => {
    workspace.write('app/src/a.ts', "import { b } from './b';\nimport { api } from 'lib/api';\n");
    workspace.write('app/src/b.ts', "import { c } from './c.ts';\n");
    workspace.write('app/src/c.ts', 'export const c = 1;\n');
    workspace.write('lib/src/api.ts', 'export const api = 1;\n');
    expect(importCycles(workspace.root)).toEqual([]);
  });

  it('finds a cycle of type-only imports, and draws its shortest way round', () => {
    workspace.write('app/src/plan.ts', "import { terms } from './terms';\n");
    workspace.write('app/src/terms.ts', "import type { Plan } from './plan';\n");
    expect(importCycles(workspace.root)).toEqual([
      {
        files: ['app/src/plan.ts', 'app/src/terms.ts'],
        round: 'app/src/plan.ts → app/src/terms.ts → app/src/plan.ts',
      },
    ]);
  });

  it("follows a workspace package's module to its file, through its exports", () => {
    workspace.write('app/src/main.ts', "import { api } from 'lib/api';\n");
    workspace.write('lib/src/api.ts', "import { helper } from './helper';\n");
    workspace.write('lib/src/helper.ts', "import { main } from 'app/src/main';\n");
    expect(importCycles(workspace.root).map((cycle) => cycle.round)).toEqual([
      'app/src/main.ts → lib/src/api.ts → lib/src/helper.ts → app/src/main.ts',
    ]);
  });
});
