import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Bundles a production server into one JavaScript file that plain `node` runs: the workspace's
 * TypeScript (the server itself, `tooling`, `shared`) is compiled in; every other package stays
 * an import, resolved at run time from the serving package's own `dependencies`. So a server
 * needs no dev tool to run (no tsx), and a dependency it forgot to declare fails the build
 * here, not a deployment.
 *
 * Usage, from the serving package's folder: tsx <this file> <entry.ts> <out.mjs>
 */

/** Packages of this workspace: TypeScript sources, compiled into the bundle. */
const WORKSPACE_PACKAGES = new Set([
  'host',
  'page-server',
  'release-contract',
  'shared',
  'tooling',
]);

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(packageNameOf(specifier));
}

/** Marks every third-party import external, and records which packages the bundle needs. */
function externalPackages(needed: Set<string>): Plugin {
  return {
    name: 'external-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const name = packageNameOf(args.path);
        if (WORKSPACE_PACKAGES.has(name)) return undefined;
        needed.add(name);
        return { path: args.path, external: true };
      });
    },
  };
}

/** The packages a bundle imports that the serving package does not declare as dependencies. */
export function undeclared(needed: Iterable<string>, manifest: { dependencies?: object }) {
  const declared = new Set(Object.keys(manifest.dependencies ?? {}));
  return [...needed].filter((name) => !declared.has(name)).sort();
}

/** Marks only Node's own modules external: the bundle imports nothing from node_modules. */
const builtinsOnly: Plugin = {
  name: 'builtins-only',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      isBuiltin(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * The entry's file: a path, or a module another package declares in its `exports`
 * (`page-server/http/serve-remote`), resolved as the serving package would import it, so a
 * build names no path into another package's source.
 */
export function entryFile(entry: string, packageDir = process.cwd()): string {
  const asPath = path.resolve(packageDir, entry);
  if (existsSync(asPath)) return asPath;
  return createRequire(path.join(packageDir, 'package.json')).resolve(entry);
}

/**
 * Bundles a server. A self-contained bundle carries its packages too: a process allowed to
 * read only its own file (the render worker, decision 032) can still run it.
 */
export async function bundleServer(
  entry: string,
  outfile: string,
  packageDir = process.cwd(),
  selfContained = false,
) {
  const needed = new Set<string>();
  await build({
    entryPoints: [entryFile(entry, packageDir)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [selfContained ? builtinsOnly : externalPackages(needed)],
  });
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const missing = undeclared(needed, manifest);
  if (missing.length > 0) {
    throw new Error(
      `${manifest.name}: the server imports ${missing.join(', ')}, which package.json does not ` +
        'list in "dependencies"; a production install would not have them.',
    );
  }
  return [...needed].sort();
}

// Run as a script (apps reach it through their node_modules link, hence the real paths).
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const selfContained = args.includes('--self-contained');
  const [entry, outfile] = args.filter((arg) => arg !== '--self-contained');
  if (!entry || !outfile) {
    console.error('usage: bundle-server [--self-contained] <entry.ts | package/export> <out.mjs>');
    process.exit(2);
  }
  const packages = await bundleServer(entry, outfile, process.cwd(), selfContained);
  console.info(
    selfContained
      ? `${outfile}: self-contained`
      : `${outfile}: node runs it with ${packages.join(', ')}`,
  );
}
