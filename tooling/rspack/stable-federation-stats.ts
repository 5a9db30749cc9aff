/*
 * The federation stats (`mf-stats.json`, and the manifest made from them) of a build, the same
 * for the same sources (issue 48). Upstream names the one expose a shared module was "used in"
 * by the module that happened to import it first (its issuer), which differs from build to
 * build when several exposes import it: the same commit built twice gave two stats files.
 * Here each shared module is attributed to every expose whose own modules import it, read from
 * the module graph's reasons (a set, whatever the order the bundler saw them in), and every
 * list is sorted.
 */

/** The parts of the stats this rewrites; the rest passes through as it is. */
export interface FederationStats {
  shared: Array<{ name: string; version?: string; usedIn: string[]; usedExports?: string[] }>;
  exposes: Array<{ path?: string; file: string; requires: string[] }>;
}

/** A module of the bundler's stats, with why it is in the build (`toJson({ reasons: true })`). */
export interface ModuleWithReasons {
  moduleType?: string;
  identifier?: string;
  reasons?: ReadonlyArray<{ moduleName?: string | null }>;
}

/** `consume shared module (default) react@^19.3.0 (strict) (fallback: …)`: the shared name. */
function consumedName(identifier: string): string | undefined {
  const request = identifier.split(' ')[4];
  if (!request) return undefined;
  const at = request.lastIndexOf('@');
  return at > 0 ? request.slice(0, at) : request;
}

/** A reason's module as the stats name an expose's file (`./src/x.tsx + 7 modules` → `src/x.tsx`). */
const fileOfReason = (moduleName: string) =>
  moduleName.replace(/ \+ \d+ modules?$/, '').replace(/^\.\//, '');

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** The stats with each shared module's exposes and each expose's shared modules, in a stable order. */
export function stableFederationStats<T extends FederationStats>(
  stats: T,
  modules: readonly ModuleWithReasons[],
): T {
  const exposeFiles = new Set(stats.exposes.map((expose) => expose.file));
  const usedIn = new Map<string, Set<string>>();
  for (const module of modules) {
    if (module.moduleType !== 'consume-shared-module' || !module.identifier) continue;
    const name = consumedName(module.identifier);
    if (!name) continue;
    for (const reason of module.reasons ?? []) {
      const file = reason.moduleName ? fileOfReason(reason.moduleName) : undefined;
      if (!file || !exposeFiles.has(file)) continue;
      usedIn.set(name, (usedIn.get(name) ?? new Set()).add(file));
    }
  }
  const shared = stats.shared
    .map((item) => ({
      ...item,
      usedIn: sorted(usedIn.get(item.name) ?? []),
      ...(item.usedExports ? { usedExports: sorted(item.usedExports) } : {}),
    }))
    .sort(byKey((item) => `${item.name}@${item.version ?? ''}`));
  const exposes = stats.exposes
    .map((expose) => ({
      ...expose,
      requires: sorted(
        shared.filter((item) => item.usedIn.includes(expose.file)).map((item) => item.name),
      ),
    }))
    .sort(byKey((expose) => expose.path ?? expose.file));
  return { ...stats, shared, exposes };
}
