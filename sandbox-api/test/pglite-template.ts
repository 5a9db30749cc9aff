import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate';
import { asDatabase } from '../src/db/pglite';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated PGlite data folder, dumped: each test app's in-memory database starts from it. */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global setup: migrates one in-memory PGlite and dumps it once per run. A new PGlite
 * runs initdb (about four seconds here); one loaded from the dump starts in about one, and the
 * suite builds some fifty apps. The PostgreSQL pass (SANDBOX_TEST_DATABASE_URL) has no use for it.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.SANDBOX_TEST_DATABASE_URL) return () => undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'sandbox-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const db = await PGlite.create('memory://');
  await migrate(asDatabase(db));
  writeFileSync(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
