import { readFileSync } from 'node:fs';
import { providerOrigins, providerPaths, REMOTE_APPS, remoteManifestUrl } from 'tooling/apps';
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
 * The runtime configuration from the environment alone: each remote's manifest URL is its
 * REMOTE_*_URL, else the port `pnpm start` serves it on at localhost. Nothing comes from a
 * request: a Host header once chose where the server fetched code to run (issue 28). In
 * production (NODE_ENV=production) every REMOTE_*_URL must be set.
 */
export function buildRuntimeConfig(env: Env): RuntimeConfig {
  if (env.NODE_ENV === 'production') {
    const missing = REMOTE_APPS.filter((remote) => !env[remote.urlEnv]).map((r) => r.urlEnv);
    if (missing.length > 0) {
      throw new Error(
        `NODE_ENV=production needs the remotes' addresses: set ${missing.join(', ')}`,
      );
    }
  }
  const remotes = REMOTE_APPS.map((remote) => ({
    name: remote.name,
    manifestUrl: remoteManifestUrl(remote, env),
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
