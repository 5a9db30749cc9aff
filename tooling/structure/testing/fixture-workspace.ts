import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A small workspace in a temporary folder, made afresh for each test: `write` a file into it,
 * `pkg` a package (its folder, name, `exports` and the workspace packages it depends on, linked
 * into its node_modules as pnpm links them), `registryPackage` one from the registry.
 */
export function fixtureWorkspace() {
  const state = { root: '' };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(state.root, file)), { recursive: true });
    writeFileSync(path.join(state.root, file), text);
  };
  beforeEach(() => {
    state.root = mkdtempSync(path.join(tmpdir(), 'structure-'));
  });
  afterEach(() => rmSync(state.root, { recursive: true, force: true }));
  return {
    get root() {
      return state.root;
    },
    write,
    pkg(folder: string, exports?: Record<string, string>, dependsOn: readonly string[] = []) {
      const dependencies = Object.fromEntries(dependsOn.map((name) => [name, 'workspace:*']));
      write(`${folder}/package.json`, JSON.stringify({ name: folder, exports, dependencies }));
      const linked = path.join(state.root, folder, 'node_modules');
      rmSync(linked, { recursive: true, force: true });
      mkdirSync(linked, { recursive: true });
      for (const name of dependsOn) {
        symlinkSync(`../../${name}`, path.join(linked, name));
      }
    },
    registryPackage(name: string) {
      write(`node_modules/${name}/package.json`, JSON.stringify({ name, main: 'index.js' }));
      write(`node_modules/${name}/index.js`, 'module.exports = 1;\n');
    },
  };
}
