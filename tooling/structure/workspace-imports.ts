import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from '@typescript/typescript6';

/*
 * The workspace as its imports draw it: each package's folder, name and `exports`, every code
 * file in it (tests included: a test importing another package's insides is a reach-in too),
 * and what each import specifier names — a file of this package, another package's module, or
 * something outside the workspace. Paths are posix and relative to the workspace root.
 */

export interface WorkspacePackage {
  /** The package's folder, relative to the root. */
  folder: string;
  name: string;
  /** Its `exports` keys and targets (`./x` → `./src/x.ts`), or none when it declares none. */
  exports?: ReadonlyMap<string, string | null>;
}

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const NOT_SOURCE = /\.d\.ts$/;
/** What builds, servers and test runs write: not source, whatever it imports. */
const SKIPPED = /^(node_modules|dist.*|test-results.*|playwright-report|results|\..+)$/;

/** The package folders `pnpm-workspace.yaml` lists (plain names, one a line). */
export function workspaceFolders(root: string): string[] {
  const text = readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = /^packages:\n((?:\s+-\s+.+\n?)+)/m.exec(text)?.[1] ?? '';
  return [...list.matchAll(/-\s+['"]?([^'"\s]+)/g)].map((match) => match[1] ?? '');
}

/** An `exports` target as a path: the string, or an object's `import`/`default` condition. */
function targetOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const conditions = value as Record<string, unknown>;
    for (const key of ['import', 'default', ...Object.keys(conditions)]) {
      const target = targetOf(conditions[key]);
      if (target) return target;
    }
  }
  return null;
}

export function workspacePackages(root: string): WorkspacePackage[] {
  return workspaceFolders(root).map((folder) => {
    const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as {
      name: string;
      exports?: unknown;
    };
    const declared = manifest.exports;
    if (declared === undefined) return { folder, name: manifest.name };
    const exports = new Map<string, string | null>();
    if (typeof declared === 'string') exports.set('.', declared);
    else if (declared && typeof declared === 'object') {
      for (const [key, value] of Object.entries(declared)) exports.set(key, targetOf(value));
    }
    return { folder, name: manifest.name, exports };
  });
}

/** Every code file under a package's folder, relative to the root. */
function codeFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (SKIPPED.test(entry.name)) continue;
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (CODE.test(entry.name) && !NOT_SOURCE.test(entry.name)) found.push(child);
    }
  };
  walk(folder);
  return found.sort();
}

/** The specifiers a file imports: static, type-only, re-exports, dynamic `import()`, `require`. */
function specifiersOf(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
}

/** A code file of the workspace: its package, its path and the specifiers it imports. */
export interface ImportingFile {
  pkg: WorkspacePackage;
  file: string;
  specifiers: string[];
}

/** Every code file of every package, each with what it imports: what the checks walk. */
export function* importingFiles(
  root: string,
  packages: readonly WorkspacePackage[],
): Generator<ImportingFile> {
  for (const pkg of packages) {
    for (const file of codeFiles(root, pkg.folder)) {
      yield { pkg, file, specifiers: specifiersOf(root, file) };
    }
  }
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/** The code file a path names, as TypeScript's bundler resolution finds it, or none. */
export function fileAt(root: string, target: string): string | undefined {
  const absolute = path.join(root, target);
  const candidates = [
    absolute,
    // `./x.js` written for `./x.ts`.
    ...EXTENSIONS.map((extension) => absolute.replace(/\.(js|mjs|cjs)$/, '') + extension),
    ...EXTENSIONS.map((extension) => path.join(absolute, `index${extension}`)),
  ];
  const found = candidates.find((candidate) => CODE.test(candidate) && isFile(candidate));
  return found && path.relative(root, found).split(path.sep).join('/');
}

/** The `exports` key a subpath (`./x/y`) matches, and what its `*` stands for. */
export function exportFor(
  exports: ReadonlyMap<string, string | null>,
  subpath: string,
): { key: string; star: string } | undefined {
  if (exports.has(subpath)) return { key: subpath, star: '' };
  let best: { key: string; star: string } | undefined;
  for (const key of exports.keys()) {
    const [prefix = '', suffix, ...more] = key.split('*');
    if (suffix === undefined || more.length > 0) continue;
    if (!subpath.startsWith(prefix) || !subpath.endsWith(suffix)) continue;
    if (subpath.length < prefix.length + suffix.length) continue;
    // Node's rule: the longest prefix wins.
    if (!best || prefix.length > (best.key.split('*')[0] ?? '').length) {
      best = { key, star: subpath.slice(prefix.length, subpath.length - suffix.length) };
    }
  }
  return best;
}

export type Imported =
  /** A relative path: the path it names (resolved or not) and the file, when there is one. */
  | { kind: 'relative'; target: string; file: string | undefined }
  /**
   * A workspace package's module: the package, the subpath (`./x`), whether its `exports`
   * declare it (always, when it declares none), the code file it resolves to.
   */
  | {
      kind: 'package';
      pkg: WorkspacePackage;
      subpath: string;
      declared: boolean;
      file: string | undefined;
    }
  /** A package from the registry, or Node's own. */
  | { kind: 'external' };

export function resolveImport(
  root: string,
  packages: readonly WorkspacePackage[],
  file: string,
  specifier: string,
): Imported {
  if (specifier.startsWith('.')) {
    const target = path.posix.join(path.posix.dirname(file), specifier);
    return { kind: 'relative', target, file: fileAt(root, target) };
  }
  const pkg = packages.find(
    (candidate) => specifier === candidate.name || specifier.startsWith(`${candidate.name}/`),
  );
  if (!pkg) return { kind: 'external' };
  const rest = specifier.slice(pkg.name.length);
  const subpath = rest ? `.${rest}` : '.';
  if (!pkg.exports) {
    const found = fileAt(root, path.posix.join(pkg.folder, rest));
    return { kind: 'package', pkg, subpath, declared: true, file: found };
  }
  const match = exportFor(pkg.exports, subpath);
  const target = match && pkg.exports.get(match.key);
  if (!match || !target) return { kind: 'package', pkg, subpath, declared: false, file: undefined };
  const found = fileAt(root, path.posix.join(pkg.folder, target.replaceAll('*', match.star)));
  return { kind: 'package', pkg, subpath, declared: true, file: found };
}

/** The package a file (relative to the root) lies in. */
export function packageOf(
  packages: readonly WorkspacePackage[],
  file: string,
): WorkspacePackage | undefined {
  return packages.find((pkg) => file.startsWith(`${pkg.folder}/`));
}
