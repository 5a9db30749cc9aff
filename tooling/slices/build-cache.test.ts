import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildKey, keepBuild, restoreBuild, workingTree, workspaceClosure } from './build-cache';

/** A workspace of the apps' shape in a git repository of its own: shared, page-server, a remote. */
function workspace(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-cache-test-'));
  const pkg = (folder: string, dependencies: string[]) => {
    mkdirSync(path.join(root, folder, 'src'), { recursive: true });
    writeFileSync(
      path.join(root, folder, 'package.json'),
      JSON.stringify({
        name: folder,
        dependencies: Object.fromEntries(dependencies.map((name) => [name, 'workspace:*'])),
      }),
    );
    writeFileSync(path.join(root, folder, 'src/index.ts'), `export const name = '${folder}';\n`);
  };
  pkg('shared', []);
  pkg('page-server', ['shared']);
  pkg('remote-home', ['shared', 'page-server']);
  pkg('remote-account', ['shared']);
  for (const file of [
    'package.json',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    'tsconfig.base.json',
  ])
    writeFileSync(path.join(root, file), '{}\n');
  mkdirSync(path.join(root, 'patches'));
  writeFileSync(path.join(root, 'patches/none.patch'), '\n');
  writeFileSync(path.join(root, '.gitignore'), 'dist/\ndist-server/\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'ignore' });
  git('init', '-q');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'empty');
  git('add', '-A');
  git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-q', '-m', 'apps');
  return root;
}

const keyOf = (root: string) => buildKey(root, 'remote-home', workingTree(root));

describe('builds kept by their sources', () => {
  let root: string;
  let cache: string;
  beforeEach(() => {
    root = workspace();
    cache = mkdtempSync(path.join(tmpdir(), 'build-cache-store-'));
    process.env.LENDER_BUILD_CACHE = cache;
  });
  afterEach(() => {
    delete process.env.LENDER_BUILD_CACHE;
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  it('builds an app from its own package and every workspace package it depends on', () => {
    expect(workspaceClosure(root, 'remote-home')).toEqual(['page-server', 'remote-home', 'shared']);
  });

  it('keeps the key while nothing the app is built from changes, another slice included', () => {
    const before = keyOf(root);
    writeFileSync(path.join(root, 'remote-account/src/index.ts'), 'export const name = 1;\n');
    expect(keyOf(root)).toBe(before);
  });

  it('takes a new key for an edit not yet committed, or a new file, in what it is built from', () => {
    const before = keyOf(root);
    writeFileSync(path.join(root, 'shared/src/index.ts'), 'export const name = 2;\n');
    const edited = keyOf(root);
    expect(edited).not.toBe(before);
    writeFileSync(path.join(root, 'remote-home/src/new.ts'), 'export {};\n');
    expect(keyOf(root)).not.toBe(edited);
    writeFileSync(path.join(root, 'pnpm-lock.yaml'), 'lockfileVersion: 10\n');
    expect(keyOf(root)).not.toBe(edited);
  });

  it('restores a kept build whole, and nothing under a key never kept', () => {
    const key = keyOf(root);
    expect(restoreBuild(root, 'remote-home', key)).toBe(false);
    for (const output of ['dist', 'dist-server']) {
      mkdirSync(path.join(root, 'remote-home', output));
      writeFileSync(path.join(root, 'remote-home', output, 'entry.js'), `// ${output}\n`);
    }
    keepBuild(root, 'remote-home', key);
    rmSync(path.join(root, 'remote-home/dist'), { recursive: true });
    writeFileSync(path.join(root, 'remote-home/dist-server/stale.js'), '// stale\n');

    expect(restoreBuild(root, 'remote-home', key)).toBe(true);
    expect(readFileSync(path.join(root, 'remote-home/dist/entry.js'), 'utf8')).toBe('// dist\n');
    expect(existsSync(path.join(root, 'remote-home/dist-server/stale.js'))).toBe(false);
  });
});
