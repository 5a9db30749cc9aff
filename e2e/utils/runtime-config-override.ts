import type { BrowserContext } from '@playwright/test';
import { RUNTIME_CONFIG_ELEMENT_ID, RUNTIME_CONFIG_PATH } from 'release-contract/runtime-config';

/**
 * Gives this test's pages a runtime configuration of their own (decision 022): `patch` is
 * merged into the configuration the server embedded (or served at /runtime-config.json). The
 * server and every other test keep theirs, so nothing is restarted and no other spec sees e.g.
 * a short inactivity timeout.
 *
 * The page itself comes from the server untouched: a document a test fulfils is not from the
 * loopback address space to Chromium, which then refuses it the remotes on localhost (Local
 * Network Access). The embedded JSON is patched when parsing ends (readyState "interactive"),
 * before the host's deferred script reads it.
 */
export async function overrideRuntimeConfig(
  context: BrowserContext,
  patch: Record<string, unknown>,
): Promise<void> {
  await context.addInitScript(
    ({ id, patch }) => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const element = document.getElementById(id);
        if (!element?.textContent) return;
        element.textContent = JSON.stringify({ ...JSON.parse(element.textContent), ...patch });
      });
    },
    { id: RUNTIME_CONFIG_ELEMENT_ID, patch },
  );
  await context.route(
    (url) => url.pathname === RUNTIME_CONFIG_PATH,
    async (route) => {
      const response = await route.fetch();
      return route.fulfill({ response, json: { ...(await response.json()), ...patch } });
    },
  );
}
