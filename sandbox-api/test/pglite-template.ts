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
    /** A new PGlite data folder (initdb, no migration), dumped: for databases a test makes on disk. */
    pgliteFresh: string;
  }
}

/**
 * Vitest's global setup: makes one in-memory PGlite and dumps it once per run, new and (for the
 * PGlite runs) migrated. A new PGlite runs initdb (about four seconds here in memory, nine CPU
 * seconds in a folder); one loaded from a dump starts in about one, and the suite builds some
 * fifty apps and a few databases on disk. The PostgreSQL pass uses only the new one, for the
 * tests that make a PGlite on disk.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sandbox-pglite-template-'));
  const dump = async (db: PGlite, name: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  const db = await PGlite.create('memory://');
  project.provide('pgliteFresh', await dump(db, 'fresh.tar'));
  if (!process.env.SANDBOX_TEST_DATABASE_URL) {
    await migrate(asDatabase(db));
    project.provide('pgliteTemplate', await dump(db, 'migrated.tar'));
  }
  await db.close();
  return () => rmSync(folder, { recursive: true, force: true });
}
