import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A small workspace in a temporary folder, made afresh for each test: `write` a file into it,
 * `pkg` a package (its folder, name and `exports`, listed in its pnpm-workspace.yaml).
 */
export function fixtureWorkspace() {
  const folders: string[] = [];
  const state = { root: '' };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(state.root, file)), { recursive: true });
    writeFileSync(path.join(state.root, file), text);
  };
  beforeEach(() => {
    state.root = mkdtempSync(path.join(tmpdir(), 'structure-'));
    folders.length = 0;
  });
  afterEach(() => rmSync(state.root, { recursive: true, force: true }));
  return {
    get root() {
      return state.root;
    },
    write,
    pkg(folder: string, exports?: Record<string, string>) {
      folders.push(folder);
      write(`${folder}/package.json`, JSON.stringify({ name: folder, exports }));
      write('pnpm-workspace.yaml', `packages:\n${folders.map((f) => `  - ${f}\n`).join('')}`);
    },
  };
}
