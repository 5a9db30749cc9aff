import Fastify from 'fastify';
import { DEV_GATEWAY_APP, portOf } from 'release-contract/apps';
import { sessionLimitsFromEnv } from 'release-contract/config-from-env';
import { apiUpstream, providerPaths } from 'release-contract/origins';
import { ka } from 'shared/strings/ka';
import { withRenamedVariables } from './renamed-variables';
import { registerProviderGateway } from './session/provider-gateway';
import { sessionKeys } from './session/session-keys';

/*
 * `pnpm dev`'s session holder: the host's and every slice's development server pass /api/*,
 * the provider's files and /session/* here (tooling/rspack app-config), and this holds the
 * customer's session as the page server does in production (decision 027). Without
 * SESSION_SECRET it seals with a key made up at start: a restart logs the customer out.
 */
// HOST_LOG_LEVEL, its log's old name, is still read for one release (issue 57).
const env = withRenamedVariables(process.env, (message) => console.warn(message));
const app = Fastify({ logger: { level: env.PAGE_SERVER_LOG_LEVEL ?? 'warn' } });
await registerProviderGateway(app, {
  upstream: apiUpstream(),
  prefixes: providerPaths().map((folder) => folder.replace(/\/$/, '')),
  keys: sessionKeys(env),
  limits: sessionLimitsFromEnv(env),
  unreachableBody: { detail: ka.errors.providerUnavailable, code: 'provider_unavailable' },
  tooLargeBody: { detail: ka.errors.requestTooLarge, code: 'request_too_large' },
});
const port = portOf(DEV_GATEWAY_APP);
await app.listen({ port, host: 'localhost' });
console.info(`session holder: http://localhost:${port} → ${apiUpstream()}`);
