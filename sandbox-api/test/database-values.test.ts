import { build } from './build';

/*
 * What the queries rely on from the database layer, the same from PGlite's driver and from
 * node-postgres: the whole suite runs on one of them (PostgreSQL where one is provisioned) and
 * this file, with the migrations and the durability test, on both (decision 039). A driver that
 * read money as a float, a date in the machine's time zone or swallowed a failed transaction
 * fails here, by name, instead of somewhere in a route's answer.
 */
describe('the database layer, on PGlite and on PostgreSQL alike', () => {
  const ctx = build();

  // A bare bigint is where the drivers part: PGlite reads it as a number, node-postgres as a
  // string. The queries cast counts to text (db/seed.ts), as they do money.
  it('reads money as exact decimal strings and counts cast to text as strings', async () => {
    const [row] = await ctx().app.db.query(
      `SELECT 1234.5::numeric(12, 2) AS amount,
              ($1::numeric + $2::numeric)::text AS sum,
              99999999999.99::numeric(14, 2) AS large,
              count(*)::text AS rows
         FROM (VALUES (1), (2)) AS two(n)`,
      ['0.10', '0.20'],
    );
    expect(row).toEqual({ amount: '1234.50', sum: '0.30', large: '99999999999.99', rows: '2' });
  });

  it('reads integers and booleans as numbers and booleans, and NULL as null', async () => {
    const [row] = await ctx().app.db.query(
      'SELECT 7::integer AS term, 3::smallint AS kind, true AS yes, false AS no, NULL::text AS none',
    );
    expect(row).toEqual({ term: 7, kind: 3, yes: true, no: false, none: null });
  });

  it('reads an instant as a Date at that instant, and a day as its text whatever the zone', async () => {
    const [row] = await ctx().app.db.query<{ at: Date; day: string; shifted: string }>(
      `SELECT $1::timestamptz AS at, $2::date::text AS day,
              ($1::timestamptz AT TIME ZONE 'Asia/Tbilisi')::date::text AS shifted`,
      ['2026-11-22T22:30:00Z', '2026-11-22'],
    );
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.at.toISOString()).toBe('2026-11-22T22:30:00.000Z');
    // 22:30 UTC is already the next day in Tbilisi (UTC+4).
    expect(row).toMatchObject({ day: '2026-11-22', shifted: '2026-11-23' });
  });

  it('keeps every write of a transaction that ends, and none of one that throws', async () => {
    // A table of the schema, emptied before each test: a temporary one would live on one
    // connection of PostgreSQL's pool only.
    const { db } = ctx().app;
    const kept = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO complaint_numbers (year, last) VALUES (2026, 1)');
      await tx.query('INSERT INTO complaint_numbers (year, last) VALUES (2027, 1)');
      return 'done';
    });
    expect(kept).toBe('done');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO complaint_numbers (year, last) VALUES (2028, 1)');
        await tx.query('INSERT INTO complaint_numbers (year, last) VALUES (2026, 2)');
      }),
    ).rejects.toThrow(/duplicate key|unique/i);
    const rows = await db.query<{ year: number; last: number }>(
      'SELECT year, last FROM complaint_numbers ORDER BY year',
    );
    expect(rows).toEqual([
      { year: 2026, last: 1 },
      { year: 2027, last: 1 },
    ]);
  });
});
