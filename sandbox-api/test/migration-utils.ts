import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SandboxConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';

const MIGRATIONS = new URL('../src/db/migrations/', import.meta.url);

/** Applies the migrations whose file names sort before `end`, the way migrate() does. */
export async function applyMigrationsBefore(db: Database, end: string): Promise<string[]> {
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  );
  const files = readdirSync(MIGRATIONS)
    .filter((file) => file.endsWith('.sql') && file < end && !applied.has(file))
    .sort();
  for (const file of files) {
    const sql = readFileSync(new URL(file, MIGRATIONS), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    });
  }
  return files;
}

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
  await old.db.exec(
    'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  await applyMigrationsBefore(old.db, end);
  return old;
}
