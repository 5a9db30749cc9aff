import { REMOTE_APPS, remoteManifestUrl } from './apps';
import type { PageServerVariable } from './config-variables';
import { paymentPageOrigins, providerOrigins, providerPaths } from './origins';
import { parsePins, type ReleasePins } from './release-integrity';
import { type ReleasesDocument, validReleasesDocument } from './releases-document';
import type { RemoteName } from './remotes';
import {
  DEFAULT_SESSION_TIMING,
  type RuntimeConfig,
  runtimeConfigSchema,
  type SessionTiming,
  validateSessionTiming,
} from './runtime-config';

type Env = Record<string, string | undefined>;

/** A variable's seconds; only a variable of the page server's table (config-variables). */
function secondsFromEnv(env: Env, name: PageServerVariable, fallback: number): number {
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

/** The releases a rollout registered, by remote: their pins (decision 025), and a canary's. */
export type RegisteredReleases = Partial<Record<RemoteName, ReleasePins>> & {
  canaries?: Partial<Record<RemoteName, ReleasePins>>;
};

/** A remote's canary from its CANARY variables (decision 029), or undefined when it has none. */
function canaryFromEnv(
  env: Env,
  remote: (typeof REMOTE_APPS)[number],
  registered: RegisteredReleases,
): RuntimeConfig['remotes'][number]['canary'] {
  const manifestUrl = env[remote.canaryUrlEnv]?.trim();
  if (!manifestUrl) return undefined;
  const raw = env[remote.canaryPercentEnv]?.trim() ?? '';
  const percent = Number(raw);
  if (!/^\d+$/.test(raw) || percent < 1 || percent > 99) {
    throw new Error(
      `${remote.canaryPercentEnv} must be a whole percent from 1 to 99, got "${raw}"`,
    );
  }
  const pinned = env[remote.canaryIntegrityEnv];
  const integrity =
    registered.canaries?.[remote.name] ??
    (pinned ? parsePins(pinned, remote.canaryIntegrityEnv) : undefined);
  return { manifestUrl, percent, ...(integrity ? { integrity } : {}) };
}

/**
 * The share of page views that send real-user beacons (decision 029): RUM_SAMPLE_RATE, from 0
 * to 1; every view outside production, a tenth in it (enough for a canary's figures at the
 * traffic of a lender, a tenth of the beacons' cost).
 */
export function rumSampleRateFromEnv(env: Env): number {
  const raw = env.RUM_SAMPLE_RATE?.trim();
  if (!raw) return env.NODE_ENV === 'production' ? 0.1 : 1;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new Error(`RUM_SAMPLE_RATE must be a number from 0 to 1, got "${raw}"`);
  }
  return rate;
}

/**
 * The runtime configuration from the environment alone: each remote's manifest URL is its
 * REMOTE_*_URL, else the port `pnpm start` serves it on at localhost. Nothing comes from a
 * request: a Host header once chose where the server fetched code to run (issue 28). Each
 * remote's pins are the ones a rollout registered, else its REMOTE_*_INTEGRITY. In production
 * (NODE_ENV=production) every remote must have both an address and pins, its manifest's among
 * them.
 */
export function buildRuntimeConfig(env: Env, registered: RegisteredReleases = {}): RuntimeConfig {
  const remotes = REMOTE_APPS.map((remote) => {
    const pinned = env[remote.integrityEnv];
    const integrity =
      registered[remote.name] ?? (pinned ? parsePins(pinned, remote.integrityEnv) : undefined);
    const canary = canaryFromEnv(env, remote, registered);
    return {
      name: remote.name,
      manifestUrl: remoteManifestUrl(remote, env),
      ...(integrity ? { integrity } : {}),
      ...(canary ? { canary } : {}),
    };
  });
  if (env.NODE_ENV === 'production') {
    // Every file a release loads is pinned: the manifest too, since it says where the entry is
    // and how it loads (issue 45).
    const whole = (pins: ReleasePins | undefined) => Boolean(pins?.manifest);
    const missing = REMOTE_APPS.flatMap((remote, index) => [
      ...(env[remote.urlEnv] ? [] : [remote.urlEnv]),
      ...(whole(remotes[index]?.integrity) ? [] : [remote.integrityEnv]),
      ...(!remotes[index]?.canary || whole(remotes[index]?.canary?.integrity)
        ? []
        : [remote.canaryIntegrityEnv]),
    ]);
    if (missing.length > 0) {
      throw new Error(
        `NODE_ENV=production needs each remote's address and release (its manifest's, entry's and server bundle's digests): set ${missing.join(', ')}`,
      );
    }
  }
  return runtimeConfigOf(env, remotes);
}

/** The configuration with these remotes and everything else from the environment, validated. */
function runtimeConfigOf(env: Env, remotes: RuntimeConfig['remotes']): RuntimeConfig {
  const routeMiddleware = env.ROUTE_MIDDLEWARE ? JSON.parse(env.ROUTE_MIDDLEWARE) : {};
  // Validating here too makes a bad env var fail at start-up, not in a customer's browser.
  return runtimeConfigSchema.parse({
    remotes,
    routeMiddleware,
    session: sessionTimingFromEnv(env),
    provider: { paths: providerPaths(env), origins: providerOrigins(env) },
    payment: { pageOrigins: paymentPageOrigins(env) },
    telemetry: { sampleRate: rumSampleRateFromEnv(env) },
  });
}

/**
 * A deployment's runtime configuration (issue 48): the releases from its releases document
 * (RELEASES_SOURCE), everything else from the environment. No REMOTE_*_URL is read or needed,
 * in production either: the document pins each release whole, and is refused otherwise.
 */
export function runtimeConfigWithReleases(env: Env, releases: ReleasesDocument): RuntimeConfig {
  const document = validReleasesDocument(releases, env.NODE_ENV === 'production');
  return runtimeConfigOf(env, document.remotes);
}
