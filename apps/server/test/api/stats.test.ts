import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { DOWNLOAD_SOURCES, MSG, STATS_RANGES, type AdminStatsSeries, type CreatorStats, type GlyphStats } from '@glyphary/shared';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { follows, glyphDownloads, glyphLikes, glyphViews, releaseDownloads, releases } from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/client.ts';
import { utcDays } from '../../src/modules/stats/stats.service.ts';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
let fans: TestUser[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
  other = await createUser(t.app);
  fans = [];
  for (let i = 0; i < 3; i += 1) fans.push(await createUser(t.app));
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, ...(user ? { headers: user.auth } : {}) });
const DAY_MS = 86_400_000;

/** A moment `offset` days before today (UTC) at `ms` into that day. */
function at(offset: number, ms: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - offset * DAY_MS + ms);
}
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

type Event =
  | { kind: 'view'; toy: number; offset: number; ms: number }
  | { kind: 'download'; toy: number; offset: number; ms: number; source: (typeof DOWNLOAD_SOURCES)[number] }
  | { kind: 'like'; toy: number; fan: number; offset: number; ms: number }
  | { kind: 'follow'; fan: number; offset: number; ms: number };

const TOYS = 3;
// Offsets reach past the longest range (365 days) so the range's first day is checked at its edge.
const offset = fc.integer({ min: 0, max: 400 });
const ms = fc.integer({ min: 0, max: DAY_MS - 1 });
const toy = fc.integer({ min: 0, max: TOYS - 1 });
const fan = fc.integer({ min: 0, max: 2 });
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('view' as const), toy, offset, ms }),
  fc.record({ kind: fc.constant('download' as const), toy, offset, ms, source: fc.constantFrom(...DOWNLOAD_SOURCES) }),
  fc.record({ kind: fc.constant('like' as const), toy, fan, offset, ms }),
  fc.record({ kind: fc.constant('follow' as const), fan, offset, ms }),
);

let actorSeq = 0;

/** Writes the events as raw rows (the roll-ups follow by trigger) and returns what each day should show. */
async function record(creator: TestUser, events: Event[]) {
  const glyphs = [];
  for (let i = 0; i < TOYS; i += 1) glyphs.push(await insertGlyph(t.database, creator.id));
  const released = await t.database.db
    .insert(releases)
    .values(glyphs.map((g) => ({ glyphId: g.id, apkUrl: `/api/files/apks/${g.id}.apk`, size: 1, sha256: 'a'.repeat(64), versionCode: 1 })))
    .returning();
  const expected = new Map<string, { views: number; button: number; latest: number; repository: number; likes: number; follows: number }>();
  const perToy = glyphs.map(() => new Map<string, { views: number; downloads: number; likes: number }>());
  const releaseDays = glyphs.map(() => new Map<string, number>());
  const bump = (day: string, key: 'views' | 'button' | 'latest' | 'repository' | 'likes' | 'follows') => {
    const row = expected.get(day) ?? { views: 0, button: 0, latest: 0, repository: 0, likes: 0, follows: 0 };
    row[key] += 1;
    expected.set(day, row);
  };
  const bumpToy = (index: number, day: string, key: 'views' | 'downloads' | 'likes') => {
    const row = perToy[index]!.get(day) ?? { views: 0, downloads: 0, likes: 0 };
    row[key] += 1;
    perToy[index]!.set(day, row);
  };
  const liked = new Set<string>();
  const followed = new Set<number>();
  for (const event of events) {
    const createdAt = at(event.offset, event.ms);
    const day = dayOf(createdAt);
    if (event.kind === 'view') {
      await t.database.db.insert(glyphViews).values({ glyphId: glyphs[event.toy]!.id, actor: `ip:${(actorSeq += 1)}`, createdAt });
      bump(day, 'views');
      bumpToy(event.toy, day, 'views');
    } else if (event.kind === 'download') {
      const actor = `ip:${(actorSeq += 1)}`;
      await t.database.db.insert(glyphDownloads).values({ glyphId: glyphs[event.toy]!.id, actor, source: event.source, createdAt });
      await t.database.db.insert(releaseDownloads).values({ releaseId: released[event.toy]!.id, actor, createdAt });
      bump(day, event.source);
      bumpToy(event.toy, day, 'downloads');
      releaseDays[event.toy]!.set(day, (releaseDays[event.toy]!.get(day) ?? 0) + 1);
    } else if (event.kind === 'like') {
      const key = `${event.fan}/${event.toy}`;
      if (liked.has(key)) continue;
      liked.add(key);
      await t.database.db.insert(glyphLikes).values({ userId: fans[event.fan]!.id, glyphId: glyphs[event.toy]!.id, createdAt });
      bump(day, 'likes');
      bumpToy(event.toy, day, 'likes');
    } else {
      if (followed.has(event.fan)) continue;
      followed.add(event.fan);
      await t.database.db.insert(follows).values({ followerId: fans[event.fan]!.id, followeeId: creator.id, createdAt });
      bump(day, 'follows');
    }
  }
  return { glyphs, released, expected, perToy, releaseDays };
}

const inRange = (days: string[], map: Map<string, number>) => days.reduce((n, day) => n + (map.get(day) ?? 0), 0);

describe('statistics series equal the raw events', () => {
  it('for random events of a creator: every day of each range present, per day, per toy and per release', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { minLength: 1, maxLength: 40 }), async (events) => {
        const creator = await createUser(t.app);
        const { glyphs, released, expected, perToy, releaseDays } = await record(creator, events);
        for (const range of STATS_RANGES) {
          const days = utcDays(new Date(), range);
          const response = await get(`/api/creator/stats?days=${range}`, creator);
          expect(response.statusCode).toBe(200);
          const body = response.json() as CreatorStats;
          expect(body.series.map((d) => d.day)).toEqual(days);
          expect(body).toMatchObject({ days: range, from: days[0], to: days[days.length - 1] });
          for (const day of body.series) {
            const want = expected.get(day.day) ?? { views: 0, button: 0, latest: 0, repository: 0, likes: 0, follows: 0 };
            expect(day).toEqual({
              day: day.day,
              views: want.views,
              downloads: want.button + want.latest + want.repository,
              downloadsButton: want.button,
              downloadsLatest: want.latest,
              downloadsRepository: want.repository,
              likes: want.likes,
              follows: want.follows,
            });
          }
          const sumOf = (key: 'views' | 'likes' | 'follows') => body.series.reduce((n, d) => n + d[key], 0);
          expect(body.totals).toMatchObject({ views: sumOf('views'), likes: sumOf('likes'), follows: sumOf('follows') });
          expect(body.toys.map((row) => row.glyphId).sort()).toEqual(glyphs.map((g) => g.id).sort());
          for (const [index, glyph] of glyphs.entries()) {
            const row = body.toys.find((r) => r.glyphId === glyph.id)!;
            const of = (key: 'views' | 'downloads' | 'likes') => inRange(days, new Map([...perToy[index]!].map(([d, v]) => [d, v[key]])));
            expect({ views: row.views, downloads: row.downloads, likes: row.likes }).toEqual({ views: of('views'), downloads: of('downloads'), likes: of('likes') });
            const release = body.releases.find((r) => r.id === released[index]!.id)!;
            expect(release.downloadsInRange).toBe(inRange(days, releaseDays[index]!));
          }
          // One toy's own series is its share of the creator's.
          const single = (await get(`/api/glyphs/${glyphs[0]!.id}/stats?days=${range}`, creator)).json() as GlyphStats;
          expect(single.series.map((d) => d.day)).toEqual(days);
          expect(single.series.map((d) => d.views)).toEqual(days.map((d) => perToy[0]!.get(d)?.views ?? 0));
          expect(single.series.map((d) => d.downloads)).toEqual(days.map((d) => perToy[0]!.get(d)?.downloads ?? 0));
          expect(single.releases).toEqual([expect.objectContaining({ id: released[0]!.id, downloadsInRange: inRange(days, releaseDays[0]!) })]);
        }
      }),
      { numRuns: 6, seed: 51 },
    );
  });

  it("for the platform: sign-ups, uploads, views, downloads and reports per day equal the raw tables' counts", async () => {
    for (const range of STATS_RANGES) {
      const days = utcDays(new Date(), range);
      const response = await get(`/api/admin/stats/series?days=${range}`, admin);
      expect(response.statusCode).toBe(200);
      const body = response.json() as AdminStatsSeries;
      expect(body.series.map((d) => d.day)).toEqual(days);
      const raw = await queryRows<{ day: string; signups: number; uploads: number; views: number; downloads: number; reports: number }>(
        t.database.db,
        sql`select d::date::text as day,
            (select count(*) from users where (created_at at time zone 'UTC')::date = d::date)::int as signups,
            (select count(*) from glyphs where (created_at at time zone 'UTC')::date = d::date)::int as uploads,
            (select count(*) from glyph_views where (created_at at time zone 'UTC')::date = d::date)::int as views,
            (select count(*) from glyph_downloads where (created_at at time zone 'UTC')::date = d::date)::int as downloads,
            (select count(*) from reports where (created_at at time zone 'UTC')::date = d::date)::int as reports
          from generate_series(${days[0]}::date, ${days[days.length - 1]}::date, interval '1 day') d order by d`,
      );
      expect(body.series).toEqual(raw.map((row) => ({ ...row, day: String(row.day) })));
      expect(body.totals.views).toBe(raw.reduce((n, row) => n + row.views, 0));
    }
    // The sign-ups of this suite are today's.
    const today = (await get('/api/admin/stats/series?days=7', admin)).json() as AdminStatsSeries;
    expect(today.series.at(-1)!.signups).toBeGreaterThanOrEqual(5);
  });
});

describe('who may read statistics', () => {
  it('a glyph: its creator and admins; another user 403; a visitor 401; unknown glyph 404', async () => {
    const creator = await createUser(t.app);
    const glyph = await insertGlyph(t.database, creator.id);
    const url = `/api/glyphs/${glyph.id}/stats?days=7`;
    expect((await get(url, creator)).statusCode).toBe(200);
    expect((await get(url, admin)).statusCode).toBe(200);
    const forbidden = await get(url, other);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: MSG.forbidden });
    expect((await get(url)).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await get(`/api/glyphs/${id}/stats`, admin)).json()).toMatchObject({ error: MSG.glyphNotFound });
    }
  });

  it('the creator dashboard: any signed-in user (their own numbers); a visitor 401', async () => {
    const response = await get('/api/creator/stats', other);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect((response.json() as CreatorStats).series).toHaveLength(30);
    expect((response.json() as CreatorStats).toys).toEqual([]);
    expect((await get('/api/creator/stats')).statusCode).toBe(401);
  });

  it('the platform series: admins only (user 403, visitor 401)', async () => {
    expect((await get('/api/admin/stats/series', admin)).statusCode).toBe(200);
    expect((await get('/api/admin/stats/series', other)).statusCode).toBe(403);
    expect((await get('/api/admin/stats/series')).statusCode).toBe(401);
  });
});

describe('range validation', () => {
  const creatorOnly = async () => {
    const creator = await createUser(t.app);
    return { creator, glyph: await insertGlyph(t.database, creator.id) };
  };
  it.each(['8', '0', '-7', '7.0', '07', 'abc', '', '365.5', '7&days=30'])('days=%s → 400 with the message, on every endpoint', async (days) => {
    const { creator, glyph } = await creatorOnly();
    for (const [url, user] of [
      [`/api/creator/stats?days=${days}`, creator],
      [`/api/glyphs/${glyph.id}/stats?days=${days}`, creator],
      [`/api/admin/stats/series?days=${days}`, admin],
    ] as const) {
      const response = await get(url, user);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ error: MSG.statsDaysInvalid });
    }
  });
});
