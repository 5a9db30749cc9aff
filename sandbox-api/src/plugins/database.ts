import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SandboxConfig } from '../config';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { TokenService } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: SandboxConfig;
    /** The sandbox's clock; tests move it to expire codes, decide applications, make loans overdue. */
    clock: { now: () => Date };
    tokens: TokenService;
  }
}

export interface CoreOptions {
  config: SandboxConfig;
  clock?: { now: () => Date };
  /** An in-memory PGlite starts from this migrated copy (tests: test/pglite-template.ts). */
  pgliteTemplate?: Blob;
}

/** Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite), migrates it. */
export default fp<CoreOptions>(
  async (app, { config, clock = { now: () => new Date() }, pgliteTemplate }) => {
    const db = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(config.dataDir, pgliteTemplate);
    await migrate(db);
    app.decorate('db', db);
    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate(
      'tokens',
      new TokenService(
        config.jwtSecret,
        { access: config.accessTtlSeconds, refresh: config.refreshTtlSeconds },
        () => clock.now(),
      ),
    );
    app.addHook('onClose', async () => db.close());
  },
  { name: 'database' },
);

export type { FastifyInstance };
