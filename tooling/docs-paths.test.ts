import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documents, missingPaths } from './docs-paths';

describe('the READMEs and decision records', () => {
  it('name only files, modules and exposed modules that exist', () => {
    expect(missingPaths()).toEqual([]);
  });
});

describe('missingPaths', () => {
  let root = '';
  beforeEach(() => {
    // A fresh clone: packages and their sources, none of what a build or a server writes.
    root = mkdtempSync(path.join(tmpdir(), 'docs-paths-'));
    mkdirSync(path.join(root, 'pkg/src'), { recursive: true });
    writeFileSync(path.join(root, 'pkg/src/thing.ts'), '');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const check = (readme: string) => {
    writeFileSync(path.join(root, 'README.md'), readme);
    return missingPaths(root, documents(root));
  };

  it('names a path that is gone', () => {
    expect(check('See `pkg/src/thing.ts` and `pkg/src/other.ts`.')).toEqual([
      'README.md: pkg/src/other.ts',
    ]);
  });

  it('accepts what builds and servers write, inside a package too, on a fresh clone', () => {
    expect(
      check('`pkg/dist`, `pkg/.sandbox-data`, `dist/index.html`, `pkg/dist-server/x.js`'),
    ).toEqual([]);
  });

  it('leaves what is outside the repository to others, wherever the clone is', () => {
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/README.md'), '`../shared/spec.md`, `../../x.md`');
    expect(check('`../shared/product-spec.md`, `pkg/src/thing.ts`')).toEqual([]);
  });

  it('accepts history marked as gone', () => {
    expect(check('`pkg/src/old.ts` (gone)')).toEqual([]);
  });

  it('reads the area pages under docs/ too', () => {
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/serving.md'), '`pkg/src/gone.ts`');
    expect(check('')).toEqual(['docs/serving.md: pkg/src/gone.ts']);
  });

  it("accepts what a package's exports declare, and nothing else of it", () => {
    writeFileSync(
      path.join(root, 'pkg/package.json'),
      JSON.stringify({ exports: { './thing': './src/thing.ts' } }),
    );
    expect(check('`pkg/thing` and `pkg/other`')).toEqual(['README.md: pkg/other']);
  });
});
