import { tmpdir } from 'node:os';
import path from 'node:path';

/** Everything the sandbox can be told, from the environment, in one place. */
export interface SandboxConfig {
  /** PGlite data folder; ignored when databaseUrl is set. `memory://` keeps it in memory. */
  dataDir: string;
  /** Where uploaded verification photos are stored. */
  uploadDir: string;
  /** A PostgreSQL connection string: when set, PostgreSQL is used instead of PGlite. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Seconds before a pending application or uploaded photo is decided. */
  decisionDelaySeconds: number;
  /** Seconds between two SMS or e-mail code sends to one user. */
  codeResendSeconds: number;
  /** Failed password guesses per (username, address) pair within loginWindowSeconds before 429. */
  loginAttempts: number;
  /** Failed password guesses per client address within loginWindowSeconds before 429. */
  loginAddressAttempts: number;
  /**
   * Failed guesses per username, from any address, within the window before each further guess
   * must wait: 2, 4, 8… seconds after the last one, up to loginMaxDelaySeconds. A delay, never
   * a lock: the owner still gets in, and a guesser from many addresses gets slow.
   */
  loginUserFreeAttempts: number;
  loginMaxDelaySeconds: number;
  loginWindowSeconds: number;
  /** Registration attempts per client address within registerWindowSeconds before 429. */
  registerAddressAttempts: number;
  registerWindowSeconds: number;
  /**
   * What the proxy in front sends as X-Proxy-Secret to have its X-Forwarded-For believed
   * (lib/client-address); unset, only the peer's address counts.
   */
  proxySecret: string | undefined;
  /** 'development' exposes /__sandbox/outbox; 'production' does not. */
  mode: 'development' | 'production';
  /** Seed users and content on first start. */
  seed: boolean;
  /**
   * The client's origins (contract v1.3): a payment order's `return_url` must be an absolute
   * address on one of them.
   */
  clientOrigins: string[];
  /** Where the sandbox's bank is reached by a browser: its pages live under this origin. */
  bankPublicUrl: string;
  /** Seconds between a customer's submit on the bank's page and the bank's decision. */
  bankDecisionSeconds: number;
  /** The lender's name the bank's page shows beside the amount. */
  bankMerchantName: string;
}

/** `http://localhost:3000`: the product's host as `pnpm start` and `pnpm start:nginx` serve it. */
export const DEFAULT_CLIENT_ORIGINS = ['http://localhost:3000'];

/** The origins in a comma list, each reduced to scheme://host[:port]. */
function originsFrom(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_CLIENT_ORIGINS;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => new URL(entry).origin);
}

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number`);
  return value;
}

/** The built-in signing key: published in this repository, so development only. */
export const BUILT_IN_JWT_SECRET = 'sandbox-only-secret-do-not-use-in-production';

/**
 * Production mode is the sandbox run as a provider for real: it refuses what is published in
 * this repository — the built-in signing key (anyone could mint tokens) and the seed users
 * (whose password is in the README).
 */
function assertFitForProduction(config: SandboxConfig, env: NodeJS.ProcessEnv): void {
  if (config.jwtSecret === BUILT_IN_JWT_SECRET || config.jwtSecret.length < 32) {
    throw new Error(
      'SANDBOX_MODE=production needs JWT_SECRET: a secret of 32 characters or more of its own',
    );
  }
  if (env.SANDBOX_SEED === 'true') {
    throw new Error('SANDBOX_MODE=production does not seed users: their password is published');
  }
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const mode = env.SANDBOX_MODE === 'production' ? 'production' : 'development';
  const config: SandboxConfig = {
    dataDir: env.SANDBOX_DATA_DIR ?? '.sandbox-data',
    uploadDir:
      env.SANDBOX_UPLOAD_DIR ?? path.join(env.SANDBOX_DATA_DIR ?? '.sandbox-data', 'uploads'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || BUILT_IN_JWT_SECRET,
    accessTtlSeconds: numberFrom(env, 'ACCESS_TOKEN_TTL', 5 * 60),
    refreshTtlSeconds: numberFrom(env, 'REFRESH_TOKEN_TTL', 24 * 60 * 60),
    decisionDelaySeconds: numberFrom(env, 'DECISION_DELAY', 10),
    codeResendSeconds: numberFrom(env, 'CODE_RESEND_SECONDS', 60),
    loginAttempts: numberFrom(env, 'LOGIN_ATTEMPTS', 5),
    loginAddressAttempts: numberFrom(env, 'LOGIN_ADDRESS_ATTEMPTS', 20),
    loginUserFreeAttempts: numberFrom(env, 'LOGIN_USER_FREE_ATTEMPTS', 10),
    loginMaxDelaySeconds: numberFrom(env, 'LOGIN_MAX_DELAY_SECONDS', 60),
    loginWindowSeconds: numberFrom(env, 'LOGIN_WINDOW_SECONDS', 15 * 60),
    registerAddressAttempts: numberFrom(env, 'REGISTER_ADDRESS_ATTEMPTS', 10),
    registerWindowSeconds: numberFrom(env, 'REGISTER_WINDOW_SECONDS', 60 * 60),
    proxySecret: env.PROXY_SECRET || undefined,
    mode,
    // Seeding is the development default; production refuses it (assertFitForProduction).
    seed: mode === 'development' && env.SANDBOX_SEED !== 'false',
    clientOrigins: originsFrom(env.SANDBOX_CLIENT_ORIGINS),
    // Another site than the client's localhost: the client's cookies never reach the bank.
    bankPublicUrl: new URL(env.BANK_PUBLIC_URL || 'http://127.0.0.1:4100').origin,
    bankDecisionSeconds: numberFrom(env, 'BANK_DECISION_SECONDS', 2),
    bankMerchantName: env.BANK_MERCHANT_NAME || 'ონლაინ სესხი',
  };
  if (mode === 'production') assertFitForProduction(config, env);
  return config;
}

/**
 * A configuration for tests: in memory, no delays unless a test asks for them. With
 * SANDBOX_TEST_DATABASE_URL the same tests run against PostgreSQL (one file at a time).
 */
export function testConfig(overrides: Partial<SandboxConfig> = {}): SandboxConfig {
  return {
    ...configFromEnv({ DATABASE_URL: process.env.SANDBOX_TEST_DATABASE_URL }),
    dataDir: 'memory://',
    uploadDir: path.join(tmpdir(), `sandbox-uploads-${process.pid}`),
    jwtSecret: 'test-secret',
    decisionDelaySeconds: 0,
    ...overrides,
  };
}
