/**
 * The one query layer: SQL with $1-style parameters, on PGlite (embedded PostgreSQL) or on
 * PostgreSQL itself. Both speak the same dialect, so one schema and one set of queries serve.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: all of its writes land, or none do. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
