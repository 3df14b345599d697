/**
 * What PostgreSQL did for the bench's database during a measured run (decision 0064): every 20 ms a
 * separate connection reads `pg_stat_activity` for the database's active client statements, and the run
 * keeps the longest-running one it saw, with what it was waiting for at that moment.
 *
 * It answers the question the processes' event loops cannot: when a request was slow and neither the
 * server's nor the load client's loop was held, was a statement in the database slow, and on what (a row
 * lock, the WAL flush, I/O, or running)? A statement shorter than the interval can be missed; one of
 * 100 ms or more cannot.
 */
import pg from 'pg';

export interface DatabaseDuring {
  /** The longest a statement had been running when a sample saw it, ms (null: no sample saw one). */
  longestStatementMs: number | null;
  /** What it was waiting for then ('Lock: transactionid', 'IO: WalSync', …), or 'running' when nothing. */
  longestStatementWait: string | null;
  /** Its first 80 characters. */
  longestStatementQuery: string | null;
  /** How many samples were taken. */
  samples: number;
}

/** One active statement as `pg_stat_activity` shows it. */
export interface ActiveStatement {
  ageMs: number;
  waitEventType: string | null;
  waitEvent: string | null;
  query: string;
}

const ACTIVE = `
  select extract(epoch from clock_timestamp() - query_start) * 1000 as "ageMs",
         wait_event_type as "waitEventType", wait_event as "waitEvent", left(query, 80) as query
    from pg_stat_activity
   where datname = current_database() and state = 'active' and backend_type = 'client backend'
     and pid <> pg_backend_pid()`;

export const SAMPLE_INTERVAL_MS = 20;

/** `during` with the longest of `statements` kept in it, if it is longer than what it held. */
export function keepLongest(during: DatabaseDuring, statements: ActiveStatement[]): DatabaseDuring {
  let next = { ...during, samples: during.samples + 1 };
  for (const statement of statements) {
    const age = Number(statement.ageMs);
    if (!Number.isFinite(age) || (next.longestStatementMs !== null && age <= next.longestStatementMs)) continue;
    next = {
      ...next,
      longestStatementMs: age,
      longestStatementWait: statement.waitEventType ? `${statement.waitEventType}: ${statement.waitEvent ?? '?'}` : 'running',
      longestStatementQuery: statement.query.replace(/\s+/g, ' ').trim(),
    };
  }
  return next;
}

const EMPTY: DatabaseDuring = { longestStatementMs: null, longestStatementWait: null, longestStatementQuery: null, samples: 0 };

/** Starts sampling `databaseUrl`'s activity; `stop()` ends it and returns what it saw (null if it could not connect). */
export async function watchDatabase(databaseUrl: string): Promise<{ stop: () => Promise<DatabaseDuring | null> }> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    await client.end().catch(() => undefined);
    return { stop: async () => null };
  }
  let during = EMPTY;
  let running = true;
  let failed = false;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        during = keepLongest(during, (await client.query<ActiveStatement>(ACTIVE)).rows);
      } catch {
        failed = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, SAMPLE_INTERVAL_MS - (performance.now() - started))));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.end().catch(() => undefined);
      return failed ? null : during;
    },
  };
}
