import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SandboxConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';

/** Applies the migrations whose file names sort before `end`. */
export const applyMigrationsBefore = (db: Database, end: string): Promise<string[]> =>
  migrate(db, { before: end });

export interface OldDatabase {
  db: Database;
  /** Where the database lives, for an app built on it once `db` is closed. */
  config: Pick<SandboxConfig, 'dataDir' | 'databaseUrl'>;
  /** Removes it (the data folder or the schema). */
  drop: () => Promise<void>;
}

/**
 * A database as it stood before migration `end`: the earlier migrations applied. PGlite in a
 * folder of its own (an app can open it after `db` is closed), or with
 * SANDBOX_TEST_DATABASE_URL a PostgreSQL schema of its own (the runs share one database).
 */
export async function databaseBefore(end: string, name: string): Promise<OldDatabase> {
  const url = process.env.SANDBOX_TEST_DATABASE_URL;
  let old: OldDatabase;
  if (url) {
    const schema = `${name}_${process.pid}`;
    const admin = await openPostgres(url);
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    const separator = url.includes('?') ? '&' : '?';
    const databaseUrl = `${url}${separator}options=-c%20search_path%3D${schema}`;
    old = {
      db: await openPostgres(databaseUrl),
      config: { dataDir: 'memory://', databaseUrl },
      drop: async () => {
        await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.close();
      },
    };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), `sandbox-${name}-`));
    old = {
      db: await openPglite(dataDir),
      config: { dataDir, databaseUrl: undefined },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  await applyMigrationsBefore(old.db, end);
  return old;
}
