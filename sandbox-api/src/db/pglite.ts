import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database';

/**
 * PGlite in a data folder (durable) or in memory (`memory://`, for tests). `from`, a data folder
 * PGlite dumped (`dumpDataDir`), starts it from that copy: a third of the time of a new one.
 */
export async function openPglite(dataDir: string, from?: Blob): Promise<Database> {
  // relaxedDurability stays off: every acknowledged write is flushed to the data folder.
  const db = await PGlite.create(dataDir, {
    relaxedDurability: false,
    ...(from ? { loadDataDir: from } : {}),
  });
  return asDatabase(db);
}

/** The sandbox's Database over a PGlite. */
export function asDatabase(db: PGlite): Database {
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}
