import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLYPH_CATEGORIES } from '@glyphary/shared';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config/env.ts';
import { openDatabase, queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { checkInvariants } from '../../apps/server/src/db/invariants.ts';
import { createLocalFileStore } from '../../apps/server/src/modules/files/file-store.ts';
import { seedDatabase, SIZES, type SeedResult } from './seed-lib.ts';
import { sql } from 'drizzle-orm';

// The tiny size on a real PGlite directory, then read back through the real app.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-seed-test-'));
let seed: SeedResult;
let database: Database;

beforeAll(async () => {
  seed = await seedDatabase({ size: 'tiny', dataDir, anchor: new Date('2026-11-01T00:00:00Z') });
  database = await openDatabase({ dataDir, poolMax: 1 });
}, 240_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

describe('the tiny seed', () => {
  it('gives every glyph with an APK its release 1, and every data check holds', async () => {
    expect(seed.counts.glyphs).toBe(SIZES.tiny.glyphs);
    const [apk] = await rows<{ n: number }>(sql`select count(*)::int as n from glyphs where apk_url is not null`);
    expect(apk!.n).toBeGreaterThan(SIZES.tiny.glyphs * 0.2);
    expect(seed.counts.releases).toBe(apk!.n);
    const mismatched = await rows<{ id: string }>(sql`
      select g.id from glyphs g join releases r on r.glyph_id = g.id
      where r.state <> 'published' or r.apk_url <> g.apk_url or r.file_id <> g.apk_file_id or r.version_code is null or r.package_name is null`);
    expect(mismatched).toEqual([]);
    expect(seed.invariants).toMatchObject({ R1_apk_without_release: 0, I1_likes: 0, I2_views: 0, I7_glyphs_count: 0 });
    const results = await checkInvariants(database.db, createLocalFileStore(path.join(dataDir, 'files')), {
      verifyHashes: false,
    });
    expect(results.filter((r) => r.violations.length > 0)).toEqual([]);
    expect(results.map((r) => r.id)).toContain('R1');
  });

  it('files every live glyph under a category, and every category has toys', async () => {
    const tagged = await rows<{ tags: string[] }>(sql`select tags from glyphs where deleted_at is null`);
    const categories: readonly string[] = GLYPH_CATEGORIES;
    expect(tagged.filter((row) => !row.tags.some((tag) => categories.includes(tag)))).toEqual([]);
    const used = new Set(tagged.flatMap((row) => row.tags));
    expect(GLYPH_CATEGORIES.filter((category) => !used.has(category))).toEqual([]);
  });

  it('backdates views, downloads and likes over weeks of days, never before the glyph or after the anchor', async () => {
    for (const table of ['glyph_views', 'glyph_downloads', 'glyph_likes']) {
      const [span] = await rows<{ days: number; early: number; late: number }>(sql`
        select count(distinct date_trunc('day', e.created_at))::int as days,
          count(*) filter (where e.created_at < g.created_at)::int as early,
          count(*) filter (where e.created_at > '2026-11-01T00:00:00Z')::int as late
        from ${sql.identifier(table)} e join glyphs g on g.id = e.glyph_id`);
      expect({ table, ...span!, weeks: span!.days >= 28 }).toEqual({ table, days: span!.days, early: 0, late: 0, weeks: true });
    }
  });

  it('fills the daily statistics roll-ups from that history', async () => {
    const [filled] = await rows<{ days: number; views: number; raw: number }>(sql`
      select count(distinct day)::int as days, coalesce(sum(views), 0)::int as views, (select count(*)::int from glyph_views) as raw
      from glyph_daily_stats`);
    expect(filled!.days).toBeGreaterThanOrEqual(28);
    expect(filled!.views).toBe(filled!.raw);
    const [platform] = await rows<{ signups: number; users: number }>(sql`
      select coalesce(sum(signups), 0)::int as signups, (select count(*)::int from users) as users from platform_daily_stats`);
    expect(platform!.signups).toBe(platform!.users);
  });

  it("serves an APK glyph's latest.apk and its version history through the app", async () => {
    await database.close();
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://localhost:3000' });
    database = await openDatabase({ dataDir, poolMax: 1 });
    const app = await buildApp({ env, database, secret: 'seed-test-secret-seed-test-secret-0123456789' });
    try {
      await app.ready();
      const [glyph] = await rows<{ id: string; apk_url: string }>(
        sql`select id, apk_url from glyphs where apk_url is not null and deleted_at is null limit 1`,
      );
      const latest = await app.inject({ method: 'GET', url: `/api/glyphs/${glyph!.id}/latest.apk` });
      expect(latest.statusCode).toBeLessThan(400);
      const list = await app.inject({ method: 'GET', url: `/api/glyphs/${glyph!.id}/releases` });
      expect(list.statusCode).toBe(200);
      expect(JSON.stringify(list.json())).toContain(glyph!.apk_url);
    } finally {
      await app.close();
    }
  });
});
