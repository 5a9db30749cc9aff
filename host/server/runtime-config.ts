import { portOf, REMOTE_APPS } from 'tooling/apps';
import { type RuntimeConfig, runtimeConfigSchema } from '../src/federation/runtime-config';

type Env = Record<string, string | undefined>;

/**
 * Each remote's manifest URL: REMOTE_*_URL when set, else the same host name the browser
 * used for the host page on the remote's port (so localhost and 127.0.0.1 both work).
 */
export function buildRuntimeConfig(
  env: Env,
  request: { protocol: string; hostname: string },
): RuntimeConfig {
  const hostname = request.hostname.replace(/:\d+$/, '');
  const remotes = REMOTE_APPS.map((remote) => ({
    name: remote.name,
    manifestUrl:
      env[remote.urlEnv] ??
      `${request.protocol}://${hostname}:${portOf(remote, env)}/mf-manifest.json`,
  }));
  const routeMiddleware = env.ROUTE_MIDDLEWARE ? JSON.parse(env.ROUTE_MIDDLEWARE) : {};
  // Validating here too makes a bad env var fail at start-up, not in a customer's browser.
  return runtimeConfigSchema.parse({ remotes, routeMiddleware });
}
