import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { isolatedTestFiles } from './vitest-config';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A package with the given test files (path → text). */
function packageWith(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'vitest-config-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

it('isolates the files that replace modules, run React roots (or import a helper that does) or say so, and no other', () => {
  const folder = packageWith({
    'src/mocks.test.tsx': "vi.mock('./api');\n",
    'src/modules-again.test.ts': 'vi.resetModules();\n',
    'src/hydrates.test.tsx': 'hydrateRoot(container, <App />);\n',
    'src/server.test.tsx': "import { renderToString } from 'react-dom/server';\n",
    'src/marked.test.ts': '// vitest: isolate — it points the one client elsewhere\n',
    'server/root.test.ts': 'createRoot(node);\n',
    'src/plain.test.tsx': "render(<Form />);\nexpect(screen.getByRole('button')).toBeVisible();\n",
    'src/spies.test.ts': "vi.spyOn(console, 'warn');\n",
    'src/testing/hydrated.tsx': 'export const hydrated = () => hydrateRoot(container, <App />);\n',
    'src/testing/plain.ts': 'export const plain = () => 1;\n',
    'src/through-helper.test.tsx': "import { hydrated } from './testing/hydrated';\n",
    'src/through-plain-helper.test.tsx': "import { plain } from './testing/plain';\n",
    'src/not-a-test.ts': "vi.mock('./api');\n",
  });
  expect(isolatedTestFiles(folder)).toEqual([
    'server/root.test.ts',
    'src/hydrates.test.tsx',
    'src/marked.test.ts',
    'src/mocks.test.tsx',
    'src/modules-again.test.ts',
    'src/server.test.tsx',
    'src/through-helper.test.tsx',
  ]);
});
