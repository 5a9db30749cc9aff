import { readFileSync } from 'node:fs';
import { portOf, providerOrigins, providerPaths, REMOTE_APPS } from 'tooling/apps';
import {
  DEFAULT_SESSION_TIMING,
  type RuntimeConfig,
  runtimeConfigSchema,
  type SessionTiming,
  validateSessionTiming,
} from '../src/federation/runtime-config';

type Env = Record<string, string | undefined>;

function secondsFromEnv(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return Number(raw.trim());
}

/** SESSION_IDLE_SECONDS and SESSION_WARNING_SECONDS, validated (decision 022). */
export function sessionTimingFromEnv(env: Env): SessionTiming {
  return validateSessionTiming({
    idleSeconds: secondsFromEnv(env, 'SESSION_IDLE_SECONDS', DEFAULT_SESSION_TIMING.idleSeconds),
    warningSeconds: secondsFromEnv(
      env,
      'SESSION_WARNING_SECONDS',
      DEFAULT_SESSION_TIMING.warningSeconds,
    ),
  });
}

/**
 * Each remote's manifest URL: REMOTE_*_URL when set, else the same host name the browser
 * used for the host page on the remote's port (so localhost and 127.0.0.1 both work). In
 * production (NODE_ENV=production) every REMOTE_*_URL must be set: the Host header is the
 * browser's to write, and the page must never load code from where a request says.
 */
export function buildRuntimeConfig(
  env: Env,
  request: { protocol: string; hostname: string },
): RuntimeConfig {
  if (env.NODE_ENV === 'production') {
    const missing = REMOTE_APPS.filter((remote) => !env[remote.urlEnv]).map((r) => r.urlEnv);
    if (missing.length > 0) {
      throw new Error(
        `NODE_ENV=production needs the remotes' addresses: set ${missing.join(', ')}`,
      );
    }
  }
  const hostname = request.hostname.replace(/:\d+$/, '');
  const remotes = REMOTE_APPS.map((remote) => ({
    name: remote.name,
    manifestUrl:
      env[remote.urlEnv] ??
      `${request.protocol}://${hostname}:${portOf(remote, env)}/mf-manifest.json`,
  }));
  const routeMiddleware = env.ROUTE_MIDDLEWARE ? JSON.parse(env.ROUTE_MIDDLEWARE) : {};
  // Validating here too makes a bad env var fail at start-up, not in a customer's browser.
  return runtimeConfigSchema.parse({
    remotes,
    routeMiddleware,
    session: sessionTimingFromEnv(env),
    provider: { paths: providerPaths(env), origins: providerOrigins(env) },
  });
}

/**
 * A deployment's runtime configuration from its file, read again at most once a `maxAgeMs`.
 * A file that is missing or wrong stops the server at start, and later keeps the last good one.
 */
export function runtimeConfigFromFile(file: string, maxAgeMs = 1000): () => RuntimeConfig {
  const read = () => runtimeConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  let config = read();
  let readAt = Date.now();
  return () => {
    if (Date.now() - readAt >= maxAgeMs) {
      readAt = Date.now();
      try {
        config = read();
      } catch {
        // Half-written or removed while being replaced: the last good one stands.
      }
    }
    return config;
  };
}
