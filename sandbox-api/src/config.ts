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

/** Another site than the client's localhost: the client's cookies never reach the bank. */
const DEFAULT_BANK_PUBLIC_URL = 'http://127.0.0.1:4100';
const DEFAULT_MERCHANT_NAME = 'ონლაინ სესხი';

/** The origins in a comma list, each reduced to scheme://host[:port]. */
function originsFrom(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_CLIENT_ORIGINS;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => new URL(entry).origin);
}

/** One variable, its default and meaning in one line, as docs/configuration.md shows. */
export interface EnvVariable {
  names: readonly string[];
  /** As the docs say it: a value, or what happens when it is unset. */
  default: string;
  meaning: string;
}

/** The sandbox's variables whose value is a count or seconds: their defaults are read here. */
const NUMBERS = {
  ACCESS_TOKEN_TTL: { default: '300', meaning: 'seconds an access token lives' },
  REFRESH_TOKEN_TTL: { default: '86400', meaning: 'seconds a refresh token lives' },
  DECISION_DELAY: {
    default: '10',
    meaning:
      'seconds before an application or photo is decided (and again before an approved loan is issued)',
  },
  CODE_RESEND_SECONDS: {
    default: '60',
    meaning: 'one SMS / e-mail code per channel per user in this window',
  },
  LOGIN_ATTEMPTS: {
    default: '5',
    meaning:
      'failed password guesses per (username, address) pair in the login window before 429 (`0`: off)',
  },
  LOGIN_ADDRESS_ATTEMPTS: {
    default: '20',
    meaning:
      'failed password guesses per client address, across usernames, in the window (`0`: off)',
  },
  LOGIN_USER_FREE_ATTEMPTS: {
    default: '10',
    meaning:
      'failed guesses per username, from any address, in the window before each further one waits 2, 4, 8… seconds (`0`: no pacing)',
  },
  LOGIN_MAX_DELAY_SECONDS: { default: '60', meaning: 'the longest such wait' },
  LOGIN_WINDOW_SECONDS: { default: '900', meaning: 'the window login attempts are counted in' },
  REGISTER_ADDRESS_ATTEMPTS: {
    default: '10',
    meaning: 'registration attempts per client address, valid or not, before 429 (`0`: off)',
  },
  REGISTER_WINDOW_SECONDS: { default: '3600', meaning: 'the window registrations are counted in' },
  BANK_DECISION_SECONDS: {
    default: '2',
    meaning:
      "seconds from a submit on the bank's page (or a charge of a saved card) to the bank's decision",
  },
} as const satisfies Record<string, Omit<EnvVariable, 'names'>>;

/**
 * Every variable the sandbox reads (this module and `server.ts`): `pnpm env:table` writes them
 * into docs/configuration.md, and a tooling test fails when a reader reads one not here.
 */
export const SANDBOX_VARIABLES: readonly EnvVariable[] = [
  { names: ['PORT'], default: 'unset', meaning: 'the port, when `SANDBOX_PORT` is unset' },
  {
    names: ['SANDBOX_LOG_LEVEL'],
    default: 'info',
    meaning: "the sandbox's log level",
  },
  {
    names: ['SANDBOX_DATA_DIR'],
    default: '.sandbox-data',
    meaning: 'PGlite data folder; `memory://` for a throw-away database',
  },
  {
    names: ['SANDBOX_UPLOAD_DIR'],
    default: '`$SANDBOX_DATA_DIR/uploads`',
    meaning: 'verification photos',
  },
  {
    names: ['DATABASE_URL'],
    default: 'unset',
    meaning: 'PostgreSQL instead of PGlite (same schema, same queries)',
  },
  {
    names: ['JWT_SECRET'],
    default: 'a sandbox-only value',
    meaning:
      'HS256 key for tokens and code HMACs; production mode requires one of its own, 32 characters or more',
  },
  ...Object.entries(NUMBERS).map(([name, variable]) => ({ names: [name], ...variable })),
  {
    names: ['PROXY_SECRET'],
    default: 'unset',
    meaning:
      "the proxy in front proves itself with it (`X-Proxy-Secret`); only then is its `X-Forwarded-For` the client's address",
  },
  {
    names: ['SANDBOX_MODE'],
    default: 'development',
    meaning:
      '`production` hides the test helpers, logs no codes, refuses the built-in `JWT_SECRET` and the seed users',
  },
  {
    names: ['SANDBOX_SEED'],
    default: '`true` (development)',
    meaning:
      'seed content and users on first start (an empty users table); never in production mode',
  },
  {
    names: ['SANDBOX_CLIENT_ORIGINS'],
    default: DEFAULT_CLIENT_ORIGINS.join(','),
    meaning:
      "the client's origins, comma-separated: a payment order's `return_url` must be an absolute address on one of them",
  },
  {
    names: ['BANK_PORT'],
    default: '4100',
    meaning: "the bank's port (on `LISTEN_HOST`), started by `src/server.ts` beside the API",
  },
  {
    names: ['BANK_PUBLIC_URL'],
    default: DEFAULT_BANK_PUBLIC_URL,
    meaning:
      "the bank's origin as a browser reaches it: orders' `redirect_url` is `<it>/pay/<token>`",
  },
  {
    names: ['BANK_MERCHANT_NAME'],
    default: DEFAULT_MERCHANT_NAME,
    meaning: "the lender's name the bank's page shows beside the amount",
  },
  {
    names: ['SANDBOX_TEST_DATABASE_URL'],
    default: 'unset',
    meaning: 'tests only: one `vitest run` on this PostgreSQL instead of PGlite in memory',
  },
];

/** A count or seconds from the environment, else the table's default. */
function numberFrom(env: NodeJS.ProcessEnv, name: keyof typeof NUMBERS): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return Number(NUMBERS[name].default);
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
    accessTtlSeconds: numberFrom(env, 'ACCESS_TOKEN_TTL'),
    refreshTtlSeconds: numberFrom(env, 'REFRESH_TOKEN_TTL'),
    decisionDelaySeconds: numberFrom(env, 'DECISION_DELAY'),
    codeResendSeconds: numberFrom(env, 'CODE_RESEND_SECONDS'),
    loginAttempts: numberFrom(env, 'LOGIN_ATTEMPTS'),
    loginAddressAttempts: numberFrom(env, 'LOGIN_ADDRESS_ATTEMPTS'),
    loginUserFreeAttempts: numberFrom(env, 'LOGIN_USER_FREE_ATTEMPTS'),
    loginMaxDelaySeconds: numberFrom(env, 'LOGIN_MAX_DELAY_SECONDS'),
    loginWindowSeconds: numberFrom(env, 'LOGIN_WINDOW_SECONDS'),
    registerAddressAttempts: numberFrom(env, 'REGISTER_ADDRESS_ATTEMPTS'),
    registerWindowSeconds: numberFrom(env, 'REGISTER_WINDOW_SECONDS'),
    proxySecret: env.PROXY_SECRET || undefined,
    mode,
    // Seeding is the development default; production refuses it (assertFitForProduction).
    seed: mode === 'development' && env.SANDBOX_SEED !== 'false',
    clientOrigins: originsFrom(env.SANDBOX_CLIENT_ORIGINS),
    bankPublicUrl: new URL(env.BANK_PUBLIC_URL || DEFAULT_BANK_PUBLIC_URL).origin,
    bankDecisionSeconds: numberFrom(env, 'BANK_DECISION_SECONDS'),
    bankMerchantName: env.BANK_MERCHANT_NAME || DEFAULT_MERCHANT_NAME,
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
