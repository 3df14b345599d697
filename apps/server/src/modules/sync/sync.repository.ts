import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { writeAudit, type AuditInput } from '../audit/audit.repository.ts';

/**
 * The advisory lock key of the count sync (DESIGN §2: one runner cluster-wide). A constant no other
 * feature uses: the bytes of "glyphsyn".
 */
export const SYNC_LOCK_KEY = '7452465007087024494';
const lockKey = sql.raw(`${SYNC_LOCK_KEY}::bigint`);

/** A heartbeat older than this means the run died (SECURITY R6: status never stuck at running). */
export const HEARTBEAT_STALE_SECONDS = 120;

export interface SyncStateRow {
  status: string;
  lastRun: Date | null;
  heartbeatAt: Date | null;
  lastUpdated: number;
  lastMessage: string | null;
  /** True when `status` is running and the heartbeat is fresh. */
  isLive: boolean;
}

/** Proof of owning the current run: the heartbeat value this runner wrote last (compare-and-set). */
export type RunToken = Date;

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/**
 * Data access for the count sync (DESIGN §4.2). State lives in `sync_state` (id = 1); a run owns the
 * row while its heartbeat is fresh and every batch checks it still does. On PostgreSQL the claim and
 * every batch also hold a transaction-level advisory lock, so instances never interleave.
 */
export function createSyncRepository(db: Db, kind: 'pglite' | 'postgres') {
  const useAdvisoryLock = kind === 'postgres';

  async function lockBlocking(tx: Tx) {
    if (!useAdvisoryLock) return;
    await queryRows(tx, sql`select pg_advisory_xact_lock(${lockKey})`);
    // The batch plans look costly to the planner (10,000-row estimates) but run in milliseconds:
    // JIT compilation would cost ~1 s per batch for nothing.
    await queryRows(tx, sql`set local jit = off`);
  }

  /** Moves the heartbeat forward if this runner still owns the run; the new value is the next token. */
  async function beat(tx: Tx, token: RunToken): Promise<RunToken | null> {
    const result = await queryRows<{ heartbeat_at: unknown }>(
      tx,
      sql`
      update sync_state set heartbeat_at = date_trunc('milliseconds', clock_timestamp())
      where id = 1 and status = 'running' and heartbeat_at = ${token.toISOString()}::timestamptz
      returning heartbeat_at`,
    );
    return toDate(result[0]?.heartbeat_at);
  }

  return {
    async readState(): Promise<SyncStateRow | null> {
      const result = await queryRows<Record<string, unknown>>(
        db,
        sql`
        select status, last_run, heartbeat_at, last_updated, last_message,
          (status = 'running' and heartbeat_at > now() - make_interval(secs => ${HEARTBEAT_STALE_SECONDS})) as is_live
        from sync_state where id = 1`,
      );
      const row = result[0];
      if (!row) return null;
      return {
        status: String(row.status),
        lastRun: toDate(row.last_run),
        heartbeatAt: toDate(row.heartbeat_at),
        lastUpdated: Number(row.last_updated ?? 0),
        lastMessage: row.last_message === null ? null : String(row.last_message),
        isLive: row.is_live === true || row.is_live === 't',
      };
    },

    /**
     * Claims the run unless a live one exists (a crashed run's stale heartbeat does not count).
     * @returns the run token, or null when another run holds it.
     */
    async claim(): Promise<RunToken | null> {
      return db.transaction(async (tx) => {
        if (useAdvisoryLock) {
          const result = await queryRows<{ locked: unknown }>(tx, sql`select pg_try_advisory_xact_lock(${lockKey}) as locked`);
          const locked = result[0]?.locked;
          if (!(locked === true || locked === 't')) return null;
        }
        await queryRows(tx, sql`insert into sync_state (id, status) values (1, 'idle') on conflict (id) do nothing`);
        const result = await queryRows<{ heartbeat_at: unknown }>(
          tx,
          sql`
          update sync_state set status = 'running', heartbeat_at = date_trunc('milliseconds', clock_timestamp())
          where id = 1 and not (status = 'running' and heartbeat_at > now() - make_interval(secs => ${HEARTBEAT_STALE_SECONDS}))
          returning heartbeat_at`,
        );
        return toDate(result[0]?.heartbeat_at);
      });
    },

    /**
     * Recomputes downloads, views and likes of the next `limit` glyphs after `afterId` (keyset over id),
     * and the downloads of their releases (issue 18), from the event tables. The batch's rows are locked first so a concurrent record-view either
     * commits before the count (and is counted) or waits and increments after it: nothing is lost.
     * @returns null when this runner no longer owns the run.
     */
    async recomputeBatch(
      token: RunToken,
      range: { afterId: string | null; limit: number } | { glyphId: string },
    ): Promise<{ token: RunToken; updated: number; lastId: string | null; seen: number } | null> {
      return db.transaction(async (tx) => {
        await lockBlocking(tx);
        const next = await beat(tx, token);
        if (!next) return null;
        let where: SQL;
        if ('glyphId' in range) where = sql`id = ${range.glyphId}::uuid`;
        else if (range.afterId) where = sql`id > ${range.afterId}::uuid order by id limit ${range.limit}`;
        else where = sql`true order by id limit ${range.limit}`;
        const locked = await queryRows<{ id: string }>(tx, sql`select id from glyphs where ${where} for update`);
        const ids = locked.map((row) => String(row.id));
        if (ids.length === 0) return { token: next, updated: 0, lastId: null, seen: 0 };
        const idList = sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
        const changed = await queryRows<{ id: string }>(
          tx,
          sql`
          with counted as (
            select g.id,
              (select count(*) from glyph_downloads d where d.glyph_id = g.id)::int as downloads,
              (select count(*) from glyph_views v where v.glyph_id = g.id)::int as views,
              (select count(*) from glyph_likes l where l.glyph_id = g.id)::int as likes
            from glyphs g where g.id in (${idList})
          )
          update glyphs g set downloads = c.downloads, views = c.views, likes = c.likes
          from counted c
          where g.id = c.id and (g.downloads, g.views, g.likes) is distinct from (c.downloads, c.views, c.likes)
          returning g.id`,
        );
        // Issue 18: each release's downloads from its own events. Its rows are locked first, like the
        // glyphs': a download that only counts on a release (its actor already counted on the glyph)
        // touches no glyph row, so the glyph lock alone would not order it against this count.
        await queryRows(tx, sql`select id from releases where glyph_id in (${idList}) order by id for update`);
        const releasesChanged = await queryRows<{ glyph_id: string }>(
          tx,
          sql`
          update releases r set downloads = c.n
          from (
            select r2.id, (select count(*) from release_downloads d where d.release_id = r2.id)::int as n
            from releases r2 where r2.glyph_id in (${idList})
          ) c
          where r.id = c.id and r.downloads <> c.n
          returning r.glyph_id`,
        );
        const rollupsChanged = await repairRollups(tx, idList);
        // 'Updated N glyphs': a glyph counts once, whichever of its counters were wrong.
        const touched = new Set([...changed.map((row) => String(row.id)), ...releasesChanged.map((row) => String(row.glyph_id)), ...rollupsChanged]);
        return { token: next, updated: touched.size, lastId: ids[ids.length - 1] ?? null, seen: ids.length };
      });
    },

    /**
     * Sets users.glyphs_count to the number of live glyphs (SECURITY I7), for everyone or one creator.
     * @returns the number of users corrected, or null when this runner no longer owns the run.
     */
    async recomputeGlyphCounts(token: RunToken, creatorOfGlyph?: string): Promise<{ token: RunToken; updated: number } | null> {
      return db.transaction(async (tx) => {
        await lockBlocking(tx);
        const next = await beat(tx, token);
        if (!next) return null;
        // One grouped pass over live glyphs (a hash aggregate), never a count per user: this stays fast
        // on 100,000 glyphs whatever the planner's statistics say.
        const scope = creatorOfGlyph
          ? sql`where u2.id = (select creator_id from glyphs where id = ${creatorOfGlyph}::uuid)`
          : sql``;
        const changed = await queryRows<{ id: string }>(
          tx,
          sql`
          update users u set glyphs_count = c.n
          from (
            select u2.id, coalesce(live.n, 0)::int as n
            from users u2
            left join (
              select creator_id, count(*) as n from glyphs where deleted_at is null group by creator_id
            ) live on live.creator_id = u2.id
            ${scope}
          ) c
          where u.id = c.id and u.glyphs_count <> c.n
          returning u.id`,
        );
        return { token: next, updated: changed.length };
      });
    },

    /** True when a glyph with this id exists (deleted ones included: their counters are repaired too). */
    async glyphExists(id: string): Promise<boolean> {
      const result = await queryRows(db, sql`select 1 from glyphs where id = ${id}::uuid`);
      return result.length > 0;
    },

    /**
     * Ends the run this token owns: a full run records lastRun and its result; a single-glyph run
     * only gives the state back. The audit row of a manual run is written in the same transaction.
     */
    async finish(
      token: RunToken,
      outcome: { full: boolean; ok: boolean; updated: number; message: string; audit?: AuditInput },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // A failed run leaves 'idle'; a single-glyph run gives back the state the last full run left.
        const status = !outcome.ok
          ? sql`'idle'`
          : outcome.full
            ? sql`'completed'`
            : sql`case when last_run is null then 'idle' else 'completed' end`;
        const lastRun = outcome.ok && outcome.full ? sql`now()` : sql`last_run`;
        const result = await queryRows(
          tx,
          sql`
          update sync_state set status = ${status}, last_run = ${lastRun}, heartbeat_at = null,
            last_updated = ${outcome.updated}, last_message = ${outcome.message}
          where id = 1 and status = 'running' and heartbeat_at = ${token.toISOString()}::timestamptz
          returning id`,
        );
        if (result.length > 0 && outcome.audit) await writeAudit(tx, outcome.audit);
        return result.length > 0;
      });
    },
  };
}

export type SyncRepository = ReturnType<typeof createSyncRepository>;

/**
 * Sets the daily roll-ups (issue 51) of the given, locked glyphs and of their releases to a recount of
 * their raw events: days that differ are written, days without events left over go to zero.
 * @returns the ids of the glyphs whose roll-ups were wrong.
 */
async function repairRollups(tx: Tx, idList: SQL): Promise<string[]> {
  const glyphFixed = await queryRows<{ glyph_id: string }>(
    tx,
    sql`
    with raw as (
      select glyph_id, day, sum(views)::int views, sum(button)::int button, sum(latest)::int latest, sum(repository)::int repository, sum(likes)::int likes from (
        select glyph_id, stats_utc_day(created_at) as day, 1 as views, 0 as button, 0 as latest, 0 as repository, 0 as likes from glyph_views where glyph_id in (${idList})
        union all
        select glyph_id, stats_utc_day(created_at), 0, (source not in ('latest', 'repository'))::int, (source = 'latest')::int, (source = 'repository')::int, 0
          from glyph_downloads where glyph_id in (${idList})
        union all
        select glyph_id, stats_utc_day(created_at), 0, 0, 0, 0, 1 from glyph_likes where glyph_id in (${idList})
      ) e group by glyph_id, day
    ), zeroed as (
      update glyph_daily_stats s set views = 0, downloads_button = 0, downloads_latest = 0, downloads_repository = 0, likes = 0
      where s.glyph_id in (${idList}) and (s.views, s.downloads_button, s.downloads_latest, s.downloads_repository, s.likes) <> (0, 0, 0, 0, 0)
        and not exists (select 1 from raw r where r.glyph_id = s.glyph_id and r.day = s.day)
      returning s.glyph_id
    ), written as (
      insert into glyph_daily_stats as s (glyph_id, day, views, downloads_button, downloads_latest, downloads_repository, likes)
      select glyph_id, day, views, button, latest, repository, likes from raw
      on conflict (glyph_id, day) do update set views = excluded.views, downloads_button = excluded.downloads_button,
        downloads_latest = excluded.downloads_latest, downloads_repository = excluded.downloads_repository, likes = excluded.likes
      where (s.views, s.downloads_button, s.downloads_latest, s.downloads_repository, s.likes)
        <> (excluded.views, excluded.downloads_button, excluded.downloads_latest, excluded.downloads_repository, excluded.likes)
      returning s.glyph_id
    )
    select glyph_id from zeroed union select glyph_id from written`,
  );
  const releaseFixed = await queryRows<{ glyph_id: string }>(
    tx,
    sql`
    with mine as (select id, glyph_id from releases where glyph_id in (${idList})),
    raw as (
      select d.release_id, stats_utc_day(d.created_at) as day, count(*)::int n from release_downloads d join mine m on m.id = d.release_id group by 1, 2
    ), zeroed as (
      update release_daily_stats s set downloads = 0
      where s.release_id in (select id from mine) and s.downloads <> 0
        and not exists (select 1 from raw r where r.release_id = s.release_id and r.day = s.day)
      returning s.release_id
    ), written as (
      insert into release_daily_stats as s (release_id, day, downloads) select release_id, day, n from raw
      on conflict (release_id, day) do update set downloads = excluded.downloads where s.downloads <> excluded.downloads
      returning s.release_id
    )
    select m.glyph_id from mine m where m.id in (select release_id from zeroed union select release_id from written)`,
  );
  return [...glyphFixed.map((row) => String(row.glyph_id)), ...releaseFixed.map((row) => String(row.glyph_id))];
}
