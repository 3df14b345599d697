import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { reusePglitePlans } from './pglite-plans.ts';

/** The unwrapped database, and a wrapped handle on the same one (what openDatabase does to its client). */
let plain: PGlite;
let db: PGlite;

const prepared = async () =>
  (await plain.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;

beforeAll(async () => {
  plain = await PGlite.create();
  await plain.exec(`
    create table t (id uuid primary key, name text, n int, ok boolean, note text);
    insert into t values
      ('00000000-0000-0000-0000-000000000001', 'O''Brien', 1, true, null),
      ('00000000-0000-0000-0000-000000000002', 'back\\slash $1', 2, false, 'x');
  `);
  db = Object.create(plain) as PGlite;
  db.query = plain.query.bind(plain);
  db.exec = plain.exec.bind(plain);
  db.transaction = plain.transaction.bind(plain);
  reusePglitePlans(db);
}, 120_000);

afterAll(async () => {
  await plain.close();
});

describe('reusePglitePlans', () => {
  const byName = 'select id, name, n, ok, note from t where name = $1 and n >= $2 and ok = $3';

  it('prepares a select on its second use and answers exactly as an unnamed statement', async () => {
    const cases: [string, number, boolean][] = [
      ["O'Brien", 0, true],
      ['back\\slash $1', 1, false],
      ["O'Brien", 2, true],
    ];
    for (const params of cases) {
      const ours = await db.query(byName, params);
      const theirs = await plain.query(byName, params);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0]?.statement).toContain('where name = $1');
  });

  it('keeps row mode and parsers', async () => {
    const text = 'select n, ok from t where id = $1';
    const id = '00000000-0000-0000-0000-000000000002';
    for (let i = 0; i < 3; i += 1) {
      const result = await db.query(text, [id], { rowMode: 'array', parsers: { 23: (value: string) => `int:${value}` } });
      expect(result.rows).toEqual([['int:2', false]]);
    }
  });

  it('passes null and answers a bad value with the same error', async () => {
    const text = 'select count(*)::int as c from t where id = $1 or note is not distinct from $2';
    for (let i = 0; i < 3; i += 1) expect((await db.query(text, ['00000000-0000-0000-0000-000000000009', null])).rows).toEqual([{ c: 1 }]);
    const theirs = await plain.query(text, ['not-a-uuid', null]).catch((error: { code?: string; message?: string }) => error);
    const ours = await db.query(text, ['not-a-uuid', null]).catch((error: { code?: string; message?: string }) => error);
    expect(theirs).toMatchObject({ code: '22P02' });
    expect(ours).toMatchObject({ code: (theirs as { code: string }).code, message: (theirs as { message: string }).message });
  });

  it('runs flat arrays through the prepared statement and reads them back exactly', async () => {
    const text = 'select n from t where id = any($1::uuid[]) order by n';
    const both = ['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002'];
    for (const ids of [both, [both[1]], [...both, '00000000-0000-0000-0000-000000000009'], []]) {
      expect((await db.query(text, [ids])).rows).toEqual((await plain.query(text, [ids])).rows);
    }
    const [statement] = (await plain.query<{ runs: number }>(
      `select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement like '%any($1::uuid[])%'`,
    )).rows;
    // Four calls: the first goes out unnamed, the other three run the prepared statement.
    expect(statement?.runs).toBe(3);

    // Elements PostgreSQL's array syntax gives a meaning to stay the strings they are; null stays null.
    const echo = 'select $1::text[] as a, $2::int[] as b, $3::boolean[] as c';
    const tricky: unknown[] = [['NULL', 'a,b', '{x}', 'say "hi"', 'back\\slash', "O'Brien", '', ' pad ', null], [1, -2, null], [true, false]];
    for (let i = 0; i < 3; i += 1) expect((await db.query(echo, tricky)).rows).toEqual((await plain.query(echo, tricky)).rows);
    expect((await db.query<{ a: unknown }>(echo, tricky)).rows[0]?.a).toEqual(tricky[0]);
  });

  it('leaves writes, transactions and values it cannot quote unnamed', async () => {
    const before = (await prepared()).length;
    const nested = 'select cardinality($1::int[]) as c';
    for (let i = 0; i < 3; i += 1) {
      await db.query('update t set n = n where id = $1', ['00000000-0000-0000-0000-000000000001']);
      await db.transaction(async (tx) => {
        await tx.query('select n from t where id = $1', ['00000000-0000-0000-0000-000000000001']);
      });
      expect((await db.query(nested, [[[1, 2], [3, 4]]])).rows).toEqual([{ c: 4 }]);
    }
    // The nested-array query is prepared (a select seen twice) but its value goes out unnamed.
    const statements = (await plain.query<{ statement: string; runs: number }>(
      'select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements',
    )).rows;
    expect(statements.map((s) => s.statement).filter((s) => s.includes('update t'))).toEqual([]);
    expect(statements.length).toBe(before + 1);
    expect(statements.find((s) => s.statement.includes('cardinality'))?.runs).toBe(0);
  });
});
