import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { BUILT_IN_JWT_SECRET, configFromEnv, testConfig } from '../src/config';
import { seed } from '../src/db/seed';
import { pgliteFresh, TestClock } from './build';
import { ON_DISK_TIMEOUT_MS } from './migration-utils';
import { createUser, lastCode } from './user-utils';

const SECRET = 'a-production-secret-of-forty-characters!';

// Its last test makes a PGlite database on disk and opens it twice.
describe('production mode refuses what this repository publishes', {
  timeout: ON_DISK_TIMEOUT_MS,
}, () => {
  it('needs a signing key of its own', () => {
    expect(() => configFromEnv({ SANDBOX_MODE: 'production' })).toThrow(/JWT_SECRET/);
    expect(() =>
      configFromEnv({ SANDBOX_MODE: 'production', JWT_SECRET: BUILT_IN_JWT_SECRET }),
    ).toThrow(/JWT_SECRET/);
    expect(() => configFromEnv({ SANDBOX_MODE: 'production', JWT_SECRET: 'short' })).toThrow(
      /32 characters/,
    );
    expect(configFromEnv({ SANDBOX_MODE: 'production', JWT_SECRET: SECRET }).jwtSecret).toBe(
      SECRET,
    );
  });

  it('seeds nobody, and refuses to be told to', () => {
    expect(configFromEnv({ SANDBOX_MODE: 'production', JWT_SECRET: SECRET }).seed).toBe(false);
    expect(() =>
      configFromEnv({ SANDBOX_MODE: 'production', JWT_SECRET: SECRET, SANDBOX_SEED: 'true' }),
    ).toThrow(/seed/);
    // Development stays the embedded default of `pnpm start`: built-in key, seeded users.
    const development = configFromEnv({});
    expect(development.mode).toBe('development');
    expect(development.seed).toBe(true);
  });

  it('will not start on a database that holds the seed users', async () => {
    // PostgreSQL runs (SANDBOX_TEST_DATABASE_URL) share one database; a folder is PGlite's own.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-production-'));
    const config = { ...testConfig(), databaseUrl: undefined, dataDir };
    try {
      const development = await buildApp({ config, pgliteTemplate: pgliteFresh() });
      await seed(development);
      await development.close();
      await expect(
        buildApp({ config: { ...config, mode: 'production', jwtSecret: SECRET, seed: false } }),
      ).rejects.toThrow(/seed users/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('one-time codes in the log', () => {
  async function logOfAnSmsSend(mode: 'development' | 'production') {
    const lines: string[] = [];
    const clock = new TestClock();
    const app = await buildApp({
      config: { ...testConfig(), databaseUrl: undefined, mode, jwtSecret: SECRET },
      clock,
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
    try {
      const context = { app, clock, call: () => Promise.reject(new Error('unused')) };
      const user = await createUser(context);
      const sent = await app.inject({
        method: 'POST',
        url: '/api/user/user/send_sms/',
        headers: { authorization: `JWT ${user.access}` },
        payload: {},
      });
      expect(sent.statusCode).toBe(200);
      return { log: lines.join('\n'), code: await lastCode(context, user.phone_number), user };
    } finally {
      await app.close();
    }
  }

  it('are written in development mode, where the log is where a developer reads them', async () => {
    const { log, code } = await logOfAnSmsSend('development');
    expect(log).toContain(code);
  });

  it('are never written otherwise, nor the phone number they went to', async () => {
    const { log, code, user } = await logOfAnSmsSend('production');
    expect(log).toContain('outbox: message queued');
    expect(log).not.toContain(code);
    expect(log).not.toContain(user.phone_number);
  });
});
