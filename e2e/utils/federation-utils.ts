import type { Page } from '@playwright/test';

export interface LoadedShare {
  version: string;
  from: string;
}

/**
 * Every shared package the federation runtime actually loaded, across the host and all
 * remotes: a singleton that exists once appears once here, whichever app asked for it.
 */
export function loadedSingletons(page: Page): Promise<Record<string, LoadedShare[]>> {
  return page.evaluate(() => {
    type Share = { from: string; loaded?: boolean; lib?: unknown };
    const federation = (
      globalThis as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<string, Record<string, Record<string, Record<string, Share>>>>;
        };
      }
    ).__FEDERATION__;
    const seen: Record<string, Set<string>> = {};
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, share] of Object.entries(versions)) {
            if (!share.loaded && !share.lib) continue;
            seen[name] ??= new Set();
            seen[name].add(JSON.stringify({ version, from: share.from }));
          }
        }
      }
    }
    return Object.fromEntries(
      Object.entries(seen).map(([name, copies]) => [name, [...copies].map((c) => JSON.parse(c))]),
    );
  });
}
