import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';
import type { FileStore } from '../modules/files/file-store.ts';

/**
 * One invariant of SECURITY.md §5 (I1–I7), or a data check (R1), and what breaks it (empty `violations` = it holds).
 */
export interface InvariantResult {
  id: 'I1' | 'I2' | 'I3' | 'I4' | 'I5' | 'I6' | 'I7' | 'R1';
  description: string;
  violations: string[];
}

const LIMIT = 20; // enough examples to act on, never a flood

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
