import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type SandboxConfig, testConfig } from '../src/config';

export const TEST_START = '2026-11-22T10:00:00+04:00';

/** A clock tests move by hand. */
export class TestClock {
  private current = new Date(TEST_START);
  now = (): Date => new Date(this.current);
  set(iso: string): void {
    this.current = new Date(iso);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface TestContext {
  app: FastifyInstance;
  clock: TestClock;
  /** inject() with `Authorization: JWT <access>` when a token is given. */
  call: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
}

let template: Blob | undefined;
let fresh: Blob | undefined;

/**
 * The migrated PGlite the global setup dumped (test/pglite-template.ts), read once per worker;
 * none for the PostgreSQL pass, whose databases are the server's.
 */
export function pgliteTemplate(): Blob | undefined {
  if (process.env.SANDBOX_TEST_DATABASE_URL) return undefined;
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

/**
 * A new PGlite data folder as initdb leaves it (test/pglite-template.ts), read once per worker:
 * a database a test makes on disk starts from it instead of running initdb there.
 */
export function pgliteFresh(): Blob {
  fresh ??= new Blob([readFileSync(inject('pgliteFresh'))]);
  return fresh;
}

/**
 * One app on an in-memory PGlite per describe block (started from a migrated copy,
 * test/pglite-template.ts); every table is emptied and the clock reset before each test. With
 * `seed`, the seed runs after.
 */
export function build(
  overrides: Partial<SandboxConfig> = {},
  options: { seed?: boolean } = {},
): () => TestContext {
  let context: TestContext | undefined;
  const clock = new TestClock();
  beforeAll(async () => {
    const from = pgliteTemplate();
    const app = await buildApp({
      config: testConfig(overrides),
      clock,
      ...(from ? { pgliteTemplate: from } : {}),
    });
    const call: TestContext['call'] = ({ token, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `JWT ${token}` } : {}) },
      });
    context = { app, clock, call };
  });
  beforeEach(async () => {
    if (!context) return;
    clock.set(TEST_START);
    const tables = await context.app.db.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'",
    );
    await context.app.db.exec(
      `TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`,
    );
    if (options.seed) {
      const { seed } = await import('../src/db/seed');
      await seed(context.app);
    }
  });
  afterAll(async () => {
    await context?.app.close();
    context = undefined;
  });
  return () => {
    if (!context) throw new Error('build() context used outside a test');
    return context;
  };
}
