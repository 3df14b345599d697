import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';
import type { FileStore } from '../modules/files/file-store.ts';

/**
 * One invariant of SECURITY.md §5 (I1–I7), or a data check (R1, R2), and what breaks it (empty `violations` = it holds).
 */
export interface InvariantResult {
  id: 'I1' | 'I2' | 'I3' | 'I4' | 'I5' | 'I6' | 'I7' | 'R1' | 'R2';
  description: string;
  violations: string[];
}

const LIMIT = 20; // enough examples to act on, never a flood

/**
 * Each roll-up row against a recount of its raw events (a full outer join, so a missing or an extra
 * day shows too; a roll-up row at zero equals no raw event). Days are UTC, as the triggers write them.
 */
const ROLLUP_DRIFT = sql`
  with raw_glyph as (
    select glyph_id, day, sum(views)::int views, sum(button)::int button, sum(latest)::int latest, sum(repository)::int repository, sum(likes)::int likes from (
      select glyph_id, stats_utc_day(created_at) as day, 1 as views, 0 as button, 0 as latest, 0 as repository, 0 as likes from glyph_views
      union all
      select glyph_id, stats_utc_day(created_at), 0, (source not in ('latest', 'repository'))::int, (source = 'latest')::int, (source = 'repository')::int, 0 from glyph_downloads
      union all
      select glyph_id, stats_utc_day(created_at), 0, 0, 0, 0, 1 from glyph_likes
    ) e group by glyph_id, day
  ), raw_release as (
    select release_id, stats_utc_day(created_at) as day, count(*)::int n from release_downloads group by 1, 2
  ), raw_follows as (
    select followee_id as user_id, stats_utc_day(created_at) as day, count(*)::int n from follows group by 1, 2
  ), raw_platform as (
    select day, sum(signups)::int signups, sum(uploads)::int uploads, sum(reports)::int reports from (
      select stats_utc_day(created_at) as day, 1 as signups, 0 as uploads, 0 as reports from users
      union all select stats_utc_day(created_at), 0, 1, 0 from glyphs
      union all select stats_utc_day(created_at), 0, 0, 1 from reports
    ) e group by day
  )
  (select 'glyph ' || coalesce(s.glyph_id, r.glyph_id) || ' ' || coalesce(s.day, r.day) || ': roll-up ' ||
      concat_ws('/', s.views, s.downloads_button, s.downloads_latest, s.downloads_repository, s.likes) || ' raw ' ||
      concat_ws('/', r.views, r.button, r.latest, r.repository, r.likes) as v
    from glyph_daily_stats s full join raw_glyph r on r.glyph_id = s.glyph_id and r.day = s.day
    where (coalesce(s.views, 0), coalesce(s.downloads_button, 0), coalesce(s.downloads_latest, 0), coalesce(s.downloads_repository, 0), coalesce(s.likes, 0))
      is distinct from (coalesce(r.views, 0), coalesce(r.button, 0), coalesce(r.latest, 0), coalesce(r.repository, 0), coalesce(r.likes, 0))
    limit ${LIMIT})
  union all
  (select 'release ' || coalesce(s.release_id, r.release_id) || ' ' || coalesce(s.day, r.day) || ': roll-up ' || coalesce(s.downloads, 0) || ' raw ' || coalesce(r.n, 0)
    from release_daily_stats s full join raw_release r on r.release_id = s.release_id and r.day = s.day
    where coalesce(s.downloads, 0) <> coalesce(r.n, 0) limit ${LIMIT})
  union all
  (select 'creator ' || coalesce(s.user_id, r.user_id) || ' ' || coalesce(s.day, r.day) || ': follows roll-up ' || coalesce(s.follows, 0) || ' raw ' || coalesce(r.n, 0)
    from creator_daily_stats s full join raw_follows r on r.user_id = s.user_id and r.day = s.day
    where coalesce(s.follows, 0) <> coalesce(r.n, 0) limit ${LIMIT})
  union all
  (select 'platform ' || coalesce(s.day, r.day) || ': roll-up ' || concat_ws('/', s.signups, s.uploads, s.reports) || ' raw ' || concat_ws('/', r.signups, r.uploads, r.reports)
    from platform_daily_stats s full join raw_platform r on r.day = s.day
    where (coalesce(s.signups, 0), coalesce(s.uploads, 0), coalesce(s.reports, 0)) is distinct from (coalesce(r.signups, 0), coalesce(r.uploads, 0), coalesce(r.reports, 0))
    limit ${LIMIT})`;

async function hashStored(store: FileStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of store.stream(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Checks the global invariants I1–I7 (SECURITY.md §5) and the data check R1 with SQL and, for I5, a walk over the file store.
 * Used after every fault-injection and load run, by `npm run check:invariants` and by tests.
 * `options.verifyHashes` re-hashes every stored file (slower; on by default).
 */
export async function checkInvariants(db: Db, store?: FileStore, options: { verifyHashes?: boolean } = {}): Promise<InvariantResult[]> {
  const results: InvariantResult[] = [];
  const rows = async (query: ReturnType<typeof sql>) => (await queryRows<{ v: string }>(db, query)).map((r) => r.v);

  results.push({
    id: 'I1',
    description: 'glyphs.likes = count(likes) for every glyph',
    violations: await rows(sql`
      select g.id || ': likes=' || g.likes || ' rows=' || count(l.user_id) as v
      from glyphs g left join glyph_likes l on l.glyph_id = g.id
      group by g.id having g.likes <> count(l.user_id) limit ${LIMIT}`),
  });
  results.push({
    id: 'I2',
    description: 'views and downloads (of glyphs and of releases) equal the count of their dedup rows',
    violations: await rows(sql`
      select g.id || ': views=' || g.views || ' rows=' || coalesce(v.n, 0) || ' downloads=' || g.downloads || ' rows=' || coalesce(d.n, 0) as v
      from glyphs g
      left join (select glyph_id, count(*) n from glyph_views group by glyph_id) v on v.glyph_id = g.id
      left join (select glyph_id, count(*) n from glyph_downloads group by glyph_id) d on d.glyph_id = g.id
      where g.views <> coalesce(v.n, 0) or g.downloads <> coalesce(d.n, 0) limit ${LIMIT}`).then(async (glyphRows) => [
      ...glyphRows,
      // Issue 18: each release's downloads equal its dedup rows too.
      ...(await rows(sql`
        select 'release ' || r.id || ': downloads=' || r.downloads || ' rows=' || coalesce(d.n, 0) as v
        from releases r
        left join (select release_id, count(*) n from release_downloads group by release_id) d on d.release_id = r.id
        where r.downloads <> coalesce(d.n, 0) limit ${LIMIT}`)),
    ]),
  });
  results.push({
    id: 'I3',
    description: 'no duplicate (user, glyph) like',
    violations: await rows(sql`
      select user_id || '/' || glyph_id || ' x' || count(*) as v from glyph_likes
      group by user_id, glyph_id having count(*) > 1 limit ${LIMIT}`),
  });
  results.push({
    id: 'I4',
    description: 'open ⇔ assigned_to is null; in_progress and completed ⇒ assigned_to is not null',
    violations: await rows(sql`
      select id || ': ' || status || ' assigned_to=' || coalesce(assigned_to, 'null') as v from glyph_requests
      where (status = 'open' and assigned_to is not null)
         or (status in ('in_progress', 'completed') and assigned_to is null)
         or status not in ('open', 'in_progress', 'completed', 'cancelled')
      limit ${LIMIT}`),
  });
  results.push({
    id: 'I6',
    description: 'every auth user has exactly one profile (the profile is the user row) and one password account',
    violations: await rows(sql`
      select u.id || ': credential accounts=' || count(a.id) as v
      from users u left join accounts a on a.user_id = u.id and a.provider_id = 'credential'
      group by u.id having count(a.id) <> 1 limit ${LIMIT}`),
  });
  results.push({
    id: 'I7',
    description: 'glyphsCount equals the number of live glyphs',
    violations: await rows(sql`
      select u.id || ': glyphsCount=' || u.glyphs_count || ' live=' || count(g.id) as v
      from users u left join glyphs g on g.creator_id = u.id and g.deleted_at is null
      group by u.id having u.glyphs_count <> count(g.id) limit ${LIMIT}`),
  });
  results.push({
    id: 'R1',
    description: 'every glyph with an APK has a published release (its latest.apk link and version history never dead-end)',
    violations: await rows(sql`
      select g.id || ': apk_url=' || g.apk_url || ', no published release' as v from glyphs g
      where g.apk_url is not null
        and not exists (select 1 from releases r where r.glyph_id = g.id and r.state = 'published')
      limit ${LIMIT}`),
  });
  results.push({
    id: 'R2',
    description: 'the daily statistics roll-ups equal the raw events they count, day by day',
    violations: await rows(ROLLUP_DRIFT),
  });

  if (store) {
    const violations: string[] = [];
    const fileRows = await queryRows<{ type: string; filename: string; thumbnail: string | null; size: string | number; sha256: string; status: string }>(
      db,
      sql`select type, filename, thumbnail, size, sha256, status from files`,
    );
    const known = new Set<string>();
    for (const row of fileRows) {
      const key = `${row.type}/${row.filename}`;
      known.add(key);
      if (row.thumbnail) known.add(`${row.type}/${row.thumbnail}`);
      if (row.status === 'deleted') continue;
      const stat = await store.stat(key);
      if (!stat) {
        violations.push(`${key}: row without a stored file`);
      } else if (Number(stat.size) !== Number(row.size)) {
        violations.push(`${key}: size ${stat.size} on disk, ${row.size} in the row`);
      } else if (options.verifyHashes !== false && (await hashStored(store, key)) !== row.sha256) {
        violations.push(`${key}: sha256 differs from the row`);
      }
      if (row.thumbnail && !(await store.stat(`${row.type}/${row.thumbnail}`))) violations.push(`${row.type}/${row.thumbnail}: thumbnail missing`);
      if (violations.length >= LIMIT) break;
    }
    for (const prefix of ['images/', 'apks/']) {
      for await (const object of store.list(prefix)) {
        if (!known.has(object.key)) violations.push(`${object.key}: stored file without a row`);
        if (violations.length >= LIMIT) break;
      }
    }
    results.push({ id: 'I5', description: 'files rows and stored files match (size, sha256), no orphans', violations });
  }
  return results.sort((a, b) => a.id.localeCompare(b.id));
}
