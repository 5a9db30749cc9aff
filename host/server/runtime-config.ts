import { readFileSync } from 'node:fs';
import { providerOrigins, providerPaths, REMOTE_APPS, remoteManifestUrl } from 'tooling/apps';
import { parsePins, type ReleasePins } from 'tooling/release-integrity';
import type { RemoteName } from 'tooling/remotes';
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

/** A session's absolute limit unless SESSION_MAX_SECONDS says otherwise: a working day. */
export const DEFAULT_SESSION_MAX_SECONDS = 12 * 3600;

/** The limits the server ends sessions by (issue 29): the warning's idle limit, and an absolute one. */
export function sessionLimitsFromEnv(env: Env): { idleSeconds: number; maxSeconds: number } {
  const { idleSeconds } = sessionTimingFromEnv(env);
  const maxSeconds = secondsFromEnv(env, 'SESSION_MAX_SECONDS', DEFAULT_SESSION_MAX_SECONDS);
  if (maxSeconds <= idleSeconds) {
    throw new Error(
      `SESSION_MAX_SECONDS (${maxSeconds}) must be more than SESSION_IDLE_SECONDS (${idleSeconds})`,
    );
  }
  return { idleSeconds, maxSeconds };
}

/** The releases a rollout registered, by remote: their pins (decision 025). */
export type RegisteredReleases = Partial<Record<RemoteName, ReleasePins>>;

/**
 * The runtime configuration from the environment alone: each remote's manifest URL is its
 * REMOTE_*_URL, else the port `pnpm start` serves it on at localhost. Nothing comes from a
 * request: a Host header once chose where the server fetched code to run (issue 28). Each
 * remote's pins are the ones a rollout registered, else its REMOTE_*_INTEGRITY. In production
 * (NODE_ENV=production) every remote must have both an address and pins.
 */
export function buildRuntimeConfig(env: Env, registered: RegisteredReleases = {}): RuntimeConfig {
  const remotes = REMOTE_APPS.map((remote) => {
    const pinned = env[remote.integrityEnv];
    const integrity =
      registered[remote.name] ?? (pinned ? parsePins(pinned, remote.integrityEnv) : undefined);
    return {
      name: remote.name,
      manifestUrl: remoteManifestUrl(remote, env),
      ...(integrity ? { integrity } : {}),
    };
  });
  if (env.NODE_ENV === 'production') {
    const missing = REMOTE_APPS.flatMap((remote, index) => [
      ...(env[remote.urlEnv] ? [] : [remote.urlEnv]),
      ...(remotes[index]?.integrity ? [] : [remote.integrityEnv]),
    ]);
    if (missing.length > 0) {
      throw new Error(
        `NODE_ENV=production needs each remote's address and release: set ${missing.join(', ')}`,
      );
    }
  }
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
