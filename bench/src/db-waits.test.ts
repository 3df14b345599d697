import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { keepLongest, watchDatabase, type DatabaseDuring } from './db-waits.ts';
import { databaseCell } from './report.ts';

const EMPTY: DatabaseDuring = { longestStatementMs: null, longestStatementWait: null, longestStatementQuery: null, samples: 0 };

describe('keepLongest', () => {
  it('keeps the longest statement seen over the samples, with its wait and its text', () => {
    let during = keepLongest(EMPTY, [
      { ageMs: 3, waitEventType: null, waitEvent: null, query: 'select 1' },
      { ageMs: 41.5, waitEventType: 'IO', waitEvent: 'WalSync', query: 'COMMIT' },
    ]);
    during = keepLongest(during, []);
    // pg answers numeric as text: 240 ms waiting on another transaction's row lock.
    during = keepLongest(during, [
      { ageMs: '240.25' as unknown as number, waitEventType: 'Lock', waitEvent: 'transactionid', query: 'update glyphs\n   set likes = likes + 1' },
    ]);
    during = keepLongest(during, [{ ageMs: 12, waitEventType: null, waitEvent: null, query: 'select 2' }]);
    expect(during).toEqual({
      longestStatementMs: 240.25,
      longestStatementWait: 'Lock: transactionid',
      longestStatementQuery: 'update glyphs set likes = likes + 1',
      samples: 4,
    });
  });

  it('says "running" for a statement that waits on nothing', () => {
    expect(keepLongest(EMPTY, [{ ageMs: 5, waitEventType: null, waitEvent: null, query: 'select 1' }]).longestStatementWait).toBe('running');
  });
});

describe('databaseCell', () => {
  it('writes the longest statement, its wait and its text (pipes escaped), or what it could not say', () => {
    expect(
      databaseCell({ longestStatementMs: 240.25, longestStatementWait: 'Lock: transactionid', longestStatementQuery: 'select a || b', samples: 500 }),
    ).toBe('longest statement 240 ms (Lock: transactionid): `select a \\|\\| b`');
    expect(databaseCell({ ...EMPTY, samples: 480 })).toBe('no statement seen in 480 samples');
    expect(databaseCell(undefined)).toBe('–');
  });
});

// A live check needs a PostgreSQL server: CI always has one (.ci/run sets DATABASE_URL).
const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
describe.runIf(url?.startsWith('postgres'))('watchDatabase on PostgreSQL', () => {
  it("sees another connection's 300 ms statement and what it waits on", async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const watch = await watchDatabase(url as string);
      await other.query('select pg_sleep(0.3)');
      const during = await watch.stop();
      expect(during?.samples).toBeGreaterThan(3);
      expect(during?.longestStatementMs).toBeGreaterThanOrEqual(200);
      expect(during?.longestStatementWait).toBe('Timeout: PgSleep');
      expect(during?.longestStatementQuery).toBe('select pg_sleep(0.3)');
    } finally {
      await other.end();
    }
  });

  it('gives null, not an error, when it cannot connect', async () => {
    const watch = await watchDatabase('postgres://nobody@127.0.0.1:1/none');
    expect(await watch.stop()).toBeNull();
  });
});
