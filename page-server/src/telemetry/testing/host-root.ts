import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A host build folder with only its page, for a test's host server. */
export function hostRootForTests(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'host-root-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  return root;
}
