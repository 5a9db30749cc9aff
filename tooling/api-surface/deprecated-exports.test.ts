import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productionRemoteFiles, readerFilesNow } from '../strings/shared-words';
import {
  deprecatedExports,
  deprecatedIn,
  importsName,
  judgeDeprecated,
} from './deprecated-exports';
import { SHARED_ROOT } from './shared-surface';

describe('deprecatedIn', () => {
  it('names the exports marked @deprecated, whatever they declare', () => {
    const source = `/** @deprecated use b */
export const a = 1, c = 2;
export const b = 2;
/** Old.
 * @deprecated gone with 0.1 */
export function f() {}
/** @deprecated */ export type T = 1;
/** @deprecated not exported */ const local = 1;`;
    expect(deprecatedIn(source)).toEqual(['a', 'c', 'f', 'T']);
  });
});

describe('importsName', () => {
  it('sees a named, a dynamic and a type import of the module, and only the name itself', () => {
    expect(importsName("import { x } from 'p/m';", 'p/m', 'x')).toBe(true);
    expect(importsName("c = await import('p/m'); c.x()", 'p/m', 'x')).toBe(true);
    expect(importsName("type C = typeof import('p/m'); C['x']", 'p/m', 'x')).toBe(true);
    expect(importsName("import { xy } from 'p/m';", 'p/m', 'x')).toBe(false);
    expect(importsName("import { x } from 'p/m2';", 'p/m', 'x')).toBe(false);
  });
});

describe('a deprecated export against the releases', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'deprecated-'));
    mkdirSync(path.join(root, 'src/api'), { recursive: true });
    writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({
        name: 'fixture',
        version: '1.0.0',
        exports: { './api/*': './src/api/*.ts' },
      }),
    );
    writeFileSync(
      path.join(root, 'src/api/client.ts'),
      `/** @deprecated */ export const OLD = 1;
/** @deprecated */ export function neededByProduction() {}
/** @deprecated */ export function neededNow() {}
export const NEW = 2;`,
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const production = ["import { neededByProduction } from 'fixture/api/client';"];
  const now = ["import { neededNow, NEW } from 'fixture/api/client';"];

  it('fails one that neither the release in production nor today imports', () => {
    const verdict = judgeDeprecated(deprecatedExports(root), now, production);
    expect(verdict).toEqual({
      keptForProduction: ['fixture/api/client: neededByProduction'],
      readNow: ['fixture/api/client: neededNow'],
      outliving: ['fixture/api/client: OLD'],
    });
  });

  it('keeps every one while the release in production is unknown', () => {
    expect(judgeDeprecated(deprecatedExports(root), [], null).outliving).toEqual([]);
  });
});

describe("shared's deprecated exports", () => {
  // It reads the release in production's remotes from git (fetched when the clone lacks them).
  it('each serve the release in production or today, and none outlives it', () => {
    const verdict = judgeDeprecated(
      deprecatedExports(SHARED_ROOT),
      Object.values(readerFilesNow()).flat(),
      productionRemoteFiles(
        "judging shared's deprecated exports against the release in production",
      ),
    );
    expect(verdict.outliving, 'no release imports these: remove them (pnpm api:report)').toEqual(
      [],
    );
  }, 60_000);
});
