import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * What the apps share at run time, and how: the singletons every app declares alike, read from
 * `shared`'s package.json (decision 010), and the host's eager and lazy providing of them
 * (decision 014). app-config.ts builds each app with these.
 */

interface SharedPackage {
  version: string;
  exports: Record<string, string>;
  peerDependencies: Record<string, string>;
}

/** `shared`'s package.json as the app being built resolves it (tooling does not depend on it). */
function readSharedPackage(appRoot: string): SharedPackage {
  return createRequire(path.join(appRoot, 'package.json'))('shared/package.json') as SharedPackage;
}
/** The range `shared` declares for a library every app must run once (its peerDependencies). */
function peerRange(sharedPackage: SharedPackage, name: string): string {
  const range = sharedPackage.peerDependencies[name];
  if (!range) throw new Error(`shared/package.json declares no peer dependency ${name}`);
  return range;
}

/**
 * The version of `name` the app at `appRoot` has installed, read from that package's own
 * package.json (found above its entry point: not every package exports its package.json).
 * Undefined when the app does not depend on it.
 */
function installedVersion(appRoot: string, name: string): string | undefined {
  let entry: string;
  try {
    entry = createRequire(path.join(appRoot, 'package.json')).resolve(name);
  } catch {
    return undefined;
  }
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === name) return manifest.version;
  }
  return undefined;
}

/**
 * The folders of `shared` that run in the browser: every subpath export but test helpers and
 * styles (CSS, imported by the host alone) and the package's own metadata.
 */
export function sharedRuntimeFolders(sharedPackage: SharedPackage): string[] {
  return Object.keys(sharedPackage.exports)
    .filter((key) => key.endsWith('/*'))
    .map((key) => `shared/${key.slice(2, -1)}`)
    .filter((folder) => folder !== 'shared/testing/' && folder !== 'shared/styles/');
}

/**
 * The versions of `shared` a build works with: its whole compatible line, as decision 010 reads
 * it — the host's copy wins, and a slice uses an addition only once the host that provides it
 * is deployed, so a slice built against 0.1.1 runs with a host of 0.1.0 (`^0.1.0`), and one
 * built against 1.4.2 with any 1.x (`^1.0.0`). `^<the version built with>` made every addition
 * a warning against the host in production (the skew test's).
 */
export function compatibleRange(version: string): string {
  const [major = '0', minor = '0'] = version.split('.');
  return major === '0' ? `^0.${minor}.0` : `^${major}.0.0`;
}

/**
 * Packages that must exist once per page: one React, one zustand, one QueryClient context,
 * one form library, and one copy of each runtime module of `shared` (which holds the stores
 * and the slices' door to the host's router). `react-dom` sharing does not cover its
 * subpaths, so they are listed too. Every range is read from `shared`'s package.json, never
 * written twice (decision 010).
 */
export function sharedSingletons(appRoot: string) {
  const sharedPackage = readSharedPackage(appRoot);
  const peer = (name: string) => peerRange(sharedPackage, name);
  const singleton = (range: string) => ({ singleton: true, requiredVersion: range }) as const;
  const react = peer('react');
  const reactDom = peer('react-dom');
  const sharedRange = compatibleRange(sharedPackage.version);
  const resolvers = installedVersion(appRoot, '@hookform/resolvers');
  const resolversVersion = resolvers ? { version: resolvers } : {};
  return {
    react: singleton(react),
    'react/jsx-runtime': singleton(react),
    'react/jsx-dev-runtime': singleton(react),
    'react-dom': singleton(reactDom),
    'react-dom/client': singleton(reactDom),
    // react-router is not shared: shared whole it weighed 60 KB gzip on every first load,
    // tree-shaken in the host it weighs a third of that. Slices reach the host's one router
    // through shared/navigation/router, itself a singleton (decision 014).
    zustand: singleton(peer('zustand')),
    '@tanstack/react-query': singleton(peer('@tanstack/react-query')),
    'react-hook-form': singleton(peer('react-hook-form')),
    // Its subpath folder carries a package.json of its own (version 1.0.0), which federation
    // would take for the version: name the package's installed version instead.
    '@hookform/resolvers/zod': {
      ...singleton(peer('@hookform/resolvers')),
      ...resolversVersion,
    },
    // A trailing slash shares every module under the folder (shared/stores/ui-store, ...).
    ...Object.fromEntries(
      sharedRuntimeFolders(sharedPackage).map((folder) => [
        folder,
        {
          singleton: true,
          version: sharedPackage.version,
          requiredVersion: sharedRange,
          // Named, so the bundler need not resolve the folder itself (a deprecated Node lookup).
          packageName: 'shared',
        } as const,
      ]),
    ),
  };
}

/** What the host itself runs on at start: bundled into its first scripts, not fetched after. */
const HOST_EAGER = new Set([
  'react',
  'react/jsx-runtime',
  // What the development build's JSX compiles to (pnpm dev).
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  '@tanstack/react-query',
]);

/**
 * Shared modules the host provides but does not start with: provider HTML's component and its
 * sanitiser (with the sanitiser's HTML tokenizer, htmlparser2) are for CMS content below the
 * fold and the terms page, so they load when that content does; the API client (axios and
 * its interceptors) with the page's first call to the provider (shared/api/request-json).
 */
export const HOST_LAZY: ReadonlySet<string> = new Set([
  'shared/ui/provider-html',
  'shared/lib/sanitize-html',
  'shared/api/api-client',
  'shared/api/session-interceptors',
]);

/**
 * Every module name the singletons cover, a folder's modules one by one
 * (`shared/stores/ui-store`): what the host's server offers a remote's server bundle.
 */
export function sharedModuleNames(appRoot: string): string[] {
  return Object.keys(sharedModulesOf(appRoot, sharedSingletons(appRoot)));
}

/** The singletons with each `shared/` folder replaced by its modules, one entry each. */
function sharedModulesOf(appRoot: string, shares: Record<string, object>): Record<string, object> {
  const sharedRoot = path.dirname(
    createRequire(path.join(appRoot, 'package.json')).resolve('shared/package.json'),
  );
  const modules: Record<string, object> = {};
  for (const [name, share] of Object.entries(shares)) {
    if (!name.startsWith('shared/')) {
      modules[name] = share;
      continue;
    }
    const folder = path.join(sharedRoot, 'src', name.slice('shared/'.length));
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|\.d\.ts$/.test(file)) continue;
      const module = `${name}${file
        .split(path.sep)
        .join('/')
        .replace(/\.tsx?$/, '')}`;
      modules[module] = share;
    }
  }
  return modules;
}

/**
 * The host's shares: the same singletons, but what it starts with is eager. Its page then
 * names every script it needs from the start, and they travel together with the remotes'
 * manifests instead of one after another behind an async boundary (decision 014). The
 * remotes, loaded after the host, take the host's copies.
 */
export function hostShares(appRoot: string) {
  const eager: Record<string, object> = {};
  // A folder is shared module by module here, so one module can stay lazy.
  for (const [name, share] of Object.entries(sharedModulesOf(appRoot, sharedSingletons(appRoot)))) {
    const isEager = name.startsWith('shared/') ? !HOST_LAZY.has(name) : HOST_EAGER.has(name);
    eager[name] = isEager ? { ...share, eager: true } : share;
  }
  return eager;
}
