import type { BrowserContext } from '@playwright/test';
import {
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PATH,
} from '../../host/src/federation/runtime-config';

const EMBEDDED = new RegExp(
  `(<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">)([\\s\\S]*?)(</script>)`,
);

/** JSON safe inside a <script> element, as the host's server writes it. */
const scriptSafe = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Gives this test's pages a runtime configuration of their own (decision 022): the host's
 * pages come through with `patch` merged into the configuration the server embedded (or
 * served at /runtime-config.json). The server and every other test keep theirs, so nothing
 * is restarted and no other spec sees e.g. a short inactivity timeout.
 */
export async function overrideRuntimeConfig(
  context: BrowserContext,
  patch: Record<string, unknown>,
): Promise<void> {
  await context.route(
    () => true,
    async (route) => {
      const request = route.request();
      const isConfig = new URL(request.url()).pathname === RUNTIME_CONFIG_PATH;
      if (request.resourceType() !== 'document' && !isConfig) return route.fallback();
      const response = await route.fetch();
      const body = await response.text();
      if (isConfig) {
        return route.fulfill({ response, json: { ...JSON.parse(body), ...patch } });
      }
      const patched = body.replace(
        EMBEDDED,
        (_match, open: string, json: string, close: string) =>
          `${open}${scriptSafe({ ...JSON.parse(json), ...patch })}${close}`,
      );
      return route.fulfill({ response, body: patched });
    },
  );
}
