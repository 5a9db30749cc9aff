import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every migration not yet applied, each in its own transaction, in file-name order.
 * `before` stops at the first file name that does not sort before it: tests build a database
 * as an older sandbox left it, then upgrade it.
 */
export async function migrate(
  db: Database,
  { before }: { before?: string } = {},
): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const pending = readdirSync(MIGRATIONS)
    .filter(
      (file) =>
        file.endsWith('.sql') && !applied.has(file) && (before === undefined || file < before),
    )
    .sort();
  for (const file of pending) {
    const sql = readFileSync(path.join(MIGRATIONS, file), 'utf8');
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
  return pending;
}
