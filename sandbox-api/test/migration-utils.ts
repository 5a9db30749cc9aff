import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type SandboxConfig, testConfig } from '../src/config';
import type { Database, Queryable } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { planLoan } from '../src/lib/calculator';
import { scheduleRowValues } from '../src/lib/loan-settlement';
import { fromTetri, toTetri } from '../src/lib/money';
import { pgliteFresh, TestClock } from './build';

/**
 * For a test that makes PGlite databases on disk (from a dump of a new one, test/build.ts
 * pgliteFresh, and the migrations in WebAssembly): seconds alone, far more on a machine that
 * also runs the browsers' suite.
 */
export const ON_DISK_TIMEOUT_MS = 120_000;

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
      db: await openPglite(dataDir, pgliteFresh()),
      config: { dataDir, databaseUrl: undefined },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  await applyMigrationsBefore(old.db, end);
  return old;
}

/** A v1.1 loan written as v1.1 wrote it: its schedule, what was paid, and its payments. */
export async function v11Loan(
  db: Queryable,
  loan: { id: number; userId: number; amount: string; term: number; issuedAt: string },
  paidAmounts: readonly string[],
  payments: readonly [string, string][],
) {
  const plan = planLoan(toTetri(loan.amount), loan.term, loan.issuedAt.slice(0, 10));
  await db.query(
    `INSERT INTO loan_applications (id, user_id, amount, term, terms_of_contract_id, status,
       monthly_payment, created_at, decided_at)
     VALUES ($1, $2, $3, $4, 1, 'issued', $5, $6::timestamptz - interval '2 hours', $6::timestamptz)`,
    [loan.id, loan.userId, loan.amount, loan.term, fromTetri(plan.monthlyPayment), loan.issuedAt],
  );
  await db.query(
    `INSERT INTO loans (id, application_id, user_id, amount, term, annual_rate, monthly_payment, issued_at)
     VALUES ($1, $1, $2, $3, $4, 24, $5, $6)`,
    [loan.id, loan.userId, loan.amount, loan.term, fromTetri(plan.monthlyPayment), loan.issuedAt],
  );
  for (const row of plan.schedule) {
    await db.query(
      `INSERT INTO loan_schedule (loan_id, number, date, principal, interest, payment, balance, paid_amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [...scheduleRowValues(loan.id, row), paidAmounts[row.number - 1] ?? '0'],
    );
  }
  for (const [amount, paidAt] of payments) {
    await db.query('INSERT INTO payments (loan_id, amount, paid_at) VALUES ($1, $2, $3)', [
      loan.id,
      amount,
      paidAt,
    ]);
  }
}

/**
 * A database as an older sandbox left it, before migration `end`: `prepare` writes its data;
 * then the sandbox starts on it as it would after an upgrade (migrate, then serve) and `check`
 * uses it. Everything is removed afterwards.
 */
export async function upgradedFrom(
  end: string,
  name: string,
  prepare: (db: Database) => Promise<void>,
  check: (app: FastifyInstance) => Promise<void>,
): Promise<void> {
  const old = await databaseBefore(end, name);
  let app: FastifyInstance | undefined;
  let open = true;
  try {
    await prepare(old.db);
    await old.db.close();
    open = false;
    app = await buildApp({ config: testConfig(old.config), clock: new TestClock() });
    await check(app);
  } finally {
    if (open) await old.db.close();
    await app?.close();
    await old.drop();
  }
}
