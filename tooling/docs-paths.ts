import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_APPS } from 'release-contract/apps';
import { REMOTES } from 'release-contract/remotes';

/*
 * What the READMEs and decision records name in backticks — a file or folder of the
 * repository, a module of `shared`, a remote's exposed module — must exist: a doc that names
 * what is gone misleads the next reader more than one that names nothing.
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SKIPPED_FOLDERS = new Set([
  'node_modules',
  '.git',
  'dist',
  'dist-server',
  '.nginx',
  '.machines',
]);

/**
 * Folders the builds and servers write (at the top or inside a package: `remote-home/dist`),
 * named by the docs but absent from a fresh clone.
 */
const GENERATED =
  /(^|\/)(dist|dist-server|logs|temp|site|releases|\.nginx|\.local-rollout|\.machines|\.sandbox-data|\.e2e-tmp|test-results)(\/|$)/;

/** The Markdown files to check: every README, area page (`docs/*.md`) and decision record. */
export function documents(root = REPO_ROOT): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('test-results')) continue;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (
        /^README\.md$/.test(entry.name) ||
        /docs\/decisions\/\d+-.*\.md$/.test(file) ||
        path.relative(root, file).match(/^docs\/[\w-]+\.md$/)
      ) {
        found.push(file);
      }
    }
  };
  walk(root);
  return found.sort();
}

const extensions = ['', '.ts', '.tsx', '.css', '.md', '.json'];
const existsAs = (file: string) => extensions.some((extension) => existsSync(file + extension));

/** The modules each remote exposes (release-contract/remotes; its `exposes` map is checked against it). */
const exposedModules = () =>
  new Set<string>(REMOTES.flatMap((remote) => remote.modules.map((m) => `${remote.name}/${m}`)));

/** What a workspace package declares in its `exports` (`deploy/release-id`), if it does. */
function declaredExport(root: string, name: string): boolean {
  const [first = '', ...rest] = name.split('/');
  const manifest = path.join(root, first, 'package.json');
  if (rest.length === 0 || !existsSync(manifest)) return false;
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown };
  return typeof exports === 'object' && exports !== null && `./${rest.join('/')}` in exports;
}

/** Names that look like a path or a module, as written in backticks. */
const PATH_LIKE = /^(\.{1,2}\/)?[\w.@-]+(\/[\w.*@-]*)+$/;

/**
 * Every path-like name in backticks in `documents` that names nothing: each as "file: name".
 * A package's own subpath (`zod/mini`, `@scope/name`) is not the repository's, and a name
 * followed by "(gone)" is history, said as such.
 */
export function missingPaths(root = REPO_ROOT, files = documents(root)): string[] {
  const exposed = exposedModules();
  const missing: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const folder = path.dirname(file);
    for (const match of text.matchAll(/`([^`\s]+)`( \(gone\))?/g)) {
      const [, name = '', gone] = match;
      if (gone || !PATH_LIKE.test(name) || name.startsWith('@')) continue;
      const clean = name.replace(/\*.*$/, '').replace(/\/$/, '');
      if (GENERATED.test(clean)) continue;
      const [first = ''] = clean.split('/');
      const candidates = [
        path.join(root, clean),
        path.join(folder, clean),
        // `shared/…` as modules import it: shared's `src/…`.
        ...(first === 'shared'
          ? [path.join(root, 'shared/src', clean.slice('shared/'.length))]
          : []),
      ];
      if (candidates.some(existsAs)) continue;
      // Outside the repository (the product's documents beside it, `../shared/…` from the
      // root): not this check's, and absent from a CI machine's clone.
      if (candidates.some((candidate) => path.relative(root, candidate).startsWith('..'))) continue;
      if (exposed.has(clean) || declaredExport(root, clean)) continue;
      // A remote's README names its own exposed modules as `./Name`.
      const remote = REMOTE_APPS.find((app) => folder === path.join(root, app.folder));
      if (remote && clean.startsWith('./') && exposed.has(`${remote.name}/${clean.slice(2)}`)) {
        continue;
      }
      // A package's own module (zod/mini), not a path of the repository; a remote's name is ours.
      const isRemote = REMOTE_APPS.some((app) => app.name === first);
      if (!isRemote && !existsSync(path.join(root, first)) && !existsSync(path.join(folder, first)))
        continue;
      missing.push(`${path.relative(root, file)}: ${name}`);
    }
  }
  return missing;
}
