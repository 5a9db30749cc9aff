import { expect, type Page } from '@playwright/test';

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
        __FEDERATION__?: {
          __SHARE__: Record<string, Record<string, Record<string, Record<string, Share>>>>;
        };
      }
    ).__FEDERATION__;
    // Before the host's script has run (it comes after the first paint), nothing is loaded.
    if (!federation) return {};
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

/**
 * Until the host's script has started React through federation: a page the server rendered
 * shows everything a person reads before it runs (decision 031), so what the page shows cannot
 * say it.
 */
export async function hostStarted(page: Page): Promise<void> {
  await expect
    .poll(async () => (await loadedSingletons(page)).react?.[0]?.from, { timeout: 20_000 })
    .toBe('host');
}
