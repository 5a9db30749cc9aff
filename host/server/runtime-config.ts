import type { RemoteName } from 'shared/federation/remote-modules';
import { type RuntimeConfig, runtimeConfigSchema } from '../src/federation/runtime-config';

interface RemoteDefault {
  name: RemoteName;
  urlEnv: string;
  portEnv: string;
  port: number;
}

export const REMOTE_DEFAULTS: readonly RemoteDefault[] = [
  { name: 'remote_home', urlEnv: 'REMOTE_HOME_URL', portEnv: 'REMOTE_HOME_PORT', port: 3001 },
  {
    name: 'remote_account',
    urlEnv: 'REMOTE_ACCOUNT_URL',
    portEnv: 'REMOTE_ACCOUNT_PORT',
    port: 3002,
  },
  { name: 'remote_loans', urlEnv: 'REMOTE_LOANS_URL', portEnv: 'REMOTE_LOANS_PORT', port: 3003 },
];

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
  const remotes = REMOTE_DEFAULTS.map((remote) => ({
    name: remote.name,
    manifestUrl:
      env[remote.urlEnv] ??
      `${request.protocol}://${hostname}:${env[remote.portEnv] ?? remote.port}/mf-manifest.json`,
  }));
  const routeMiddleware = env.ROUTE_MIDDLEWARE ? JSON.parse(env.ROUTE_MIDDLEWARE) : {};
  // Validating here too makes a bad env var fail at start-up, not in a customer's browser.
  return runtimeConfigSchema.parse({ remotes, routeMiddleware });
}
