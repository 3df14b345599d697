import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type Glyph, type GlyphList } from '@glyphary/shared';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, type TestUser } from '../factories.ts';
import { makeApk, uploadFile } from '../file-fixtures.ts';
import { glyphs } from '../../src/db/schema/index.ts';

// Issue 17: glyph tags (set at upload and edit, validated like request tags, searchable) and the
// browse/search filters `has` and `tags` of GET /api/get-glyphs.

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let apkGlyph: string;
let sourceGlyph: string;
let bothGlyph: string;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
  // A glyph with an APK (and source), one with source only, one with both, all through the real upload.
  const apk = (await uploadFile(t.app, owner.auth, 'apks', makeApk())).json() as { url: string };
  const apk2 = (await uploadFile(t.app, owner.auth, 'apks', makeApk())).json() as { url: string };
  apkGlyph = (await post(owner.auth, { title: 'Tide clock', description: 'Shows the tide.', apkUrl: apk.url, tags: ['Clock', 'sea'] })).json<Glyph>().id;
  sourceGlyph = (
    await post(owner.auth, { title: 'Beat bars', description: 'Bars to the beat.', githubUrl: 'https://github.com/example/beat', tags: 'music, Equalizer' })
  ).json<Glyph>().id;
  bothGlyph = (
    await post(owner.auth, {
      title: 'Charge meter',
      description: 'Battery level.',
      apkUrl: apk2.url,
      githubUrl: 'https://github.com/example/meter',
      tags: ['battery', 'clock'],
    })
  ).json<Glyph>().id;
});
afterAll(async () => {
  await t?.close();
});

function post(auth: Record<string, string>, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/upload-glyph', payload: payload as Record<string, unknown>, headers: auth });
}
const put = (auth: Record<string, string>, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/update-glyph/${id}`, payload: payload as Record<string, unknown>, headers: auth });
const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/get-glyphs?${query}` });
const ids = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as GlyphList).glyphs.map((g) => g.id);
};
const storedTags = async (id: string) => (await t.database.db.select({ tags: glyphs.tags }).from(glyphs).where(eq(glyphs.id, id)))[0]?.tags;

describe('glyph tags at upload and edit', () => {
  it('stores tags lower-cased, trimmed and without duplicates, from a list or comma-separated text', async () => {
    expect(await storedTags(apkGlyph)).toEqual(['clock', 'sea']);
    expect(await storedTags(sourceGlyph)).toEqual(['music', 'equalizer']);
    const response = await post(owner.auth, { title: 'Dup', description: 'd', githubUrl: 'https://github.com/x/y', tags: [' Art ', 'art', '', 'ART,faces'] });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ glyph: Glyph }>().glyph.tags).toEqual(['art', 'faces']);
  });

  it('returns the tags with the glyph', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/get-glyph/${apkGlyph}` });
    expect(response.json<{ glyph: Glyph }>().glyph.tags).toEqual(['clock', 'sea']);
  });

  it.each([
    ['eleven tags', Array.from({ length: 11 }, (_, i) => `tag${i}`), MSG.tooManyTags],
    ['a 31-character tag', ['x'.repeat(31)], MSG.tagTooLong],
    ['a number', 42, MSG.glyphTagsInvalid],
  ])('refuses %s with a clear message and stores nothing', async (_label, tags, message) => {
    const before = await t.database.db.$count(glyphs);
    const response = await post(owner.auth, { title: 'Bad tags', description: 'd', githubUrl: 'https://github.com/x/y', tags });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
    expect(await t.database.db.$count(glyphs)).toBe(before);
  });

  it('checks sign-in before validating tags (401 before 400)', async () => {
    const response = await post({}, { title: 'x', description: 'd', githubUrl: 'https://github.com/x/y', tags: 42 });
    expect(response.statusCode).toBe(401);
  });

  it('replaces tags on edit, keeps them when the edit omits tags, and refuses bad tags without changing anything', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { tags: ['clock'] });
    const base = { title: glyph.title, description: glyph.description, githubUrl: glyph.githubUrl };
    expect((await put(owner.auth, glyph.id, { ...base, tags: 'games, Faces' })).statusCode).toBe(200);
    expect(await storedTags(glyph.id)).toEqual(['games', 'faces']);
    expect((await put(owner.auth, glyph.id, { ...base, title: 'Renamed' })).statusCode).toBe(200);
    expect(await storedTags(glyph.id)).toEqual(['games', 'faces']);
    const bad = await put(owner.auth, glyph.id, { ...base, title: 'Not saved', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: MSG.tooManyTags });
    const [row] = await t.database.db.select({ title: glyphs.title, tags: glyphs.tags }).from(glyphs).where(eq(glyphs.id, glyph.id));
    expect(row).toEqual({ title: 'Renamed', tags: ['games', 'faces'] });
    // Someone else's edit is refused and changes nothing.
    expect((await put(other.auth, glyph.id, { ...base, tags: ['stolen'] })).statusCode).toBe(403);
    expect(await storedTags(glyph.id)).toEqual(['games', 'faces']);
    expect((await put(owner.auth, glyph.id, { ...base, tags: [] })).statusCode).toBe(200);
    expect(await storedTags(glyph.id)).toEqual([]);
  });
});

describe('GET /api/get-glyphs filters', () => {
  it('has=apk lists only glyphs with an APK; has=source only glyphs with source and no APK', async () => {
    const withApk = await ids('sort=latest&has=apk');
    expect(withApk).toContain(apkGlyph);
    expect(withApk).toContain(bothGlyph);
    expect(withApk).not.toContain(sourceGlyph);
    const sourceOnly = await ids('sort=latest&has=source');
    expect(sourceOnly).toContain(sourceGlyph);
    expect(sourceOnly).not.toContain(apkGlyph);
    expect(sourceOnly).not.toContain(bothGlyph);
  });

  it('tags= keeps glyphs carrying every listed tag, in any case', async () => {
    expect(new Set(await ids('tags=clock'))).toEqual(new Set([apkGlyph, bothGlyph]));
    expect(await ids('tags=CLOCK,battery')).toEqual([bothGlyph]);
    expect(await ids('tags=clock&has=source')).toEqual([]);
    expect(await ids('tags=nothing-has-this')).toEqual([]);
  });

  it('filters search results too, and a tag is found by search', async () => {
    expect(await ids('search=equalizer')).toEqual([sourceGlyph]);
    expect(new Set(await ids('search=clock&sort=latest'))).toEqual(new Set([apkGlyph, bothGlyph]));
    expect(await ids('search=clock&has=source')).toEqual([]);
    expect(await ids('search=clock&tags=battery')).toEqual([bothGlyph]);
    // Tag words join the typo lexicon.
    expect(await ids('search=equalizr')).toEqual([sourceGlyph]);
  });

  it('pages a filtered list with its cursor without repeating or skipping', async () => {
    for (let i = 0; i < 5; i += 1) await insertGlyph(t.database, other.id, { tags: ['paged'], title: `Paged ${i}` });
    const first = (await list('sort=latest&limit=2&tags=paged')).json() as GlyphList;
    expect(first.glyphs).toHaveLength(2);
    const seen = first.glyphs.map((g) => g.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await list(`sort=latest&limit=2&tags=paged&cursor=${encodeURIComponent(cursor)}`)).json() as GlyphList;
      seen.push(...page.glyphs.map((g) => g.id));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it.each([
    ['has=zip', "has must be 'apk' or 'source'"],
    [`tags=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')}`, MSG.tooManyTagFilters],
    [`tags=${'x'.repeat(31)}`, MSG.tagTooLong],
  ])('answers 400 with a clear error for %s', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
  });

  it('documents the filters in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, { get?: { parameters?: { name: string; description?: string }[] } }> };
    const params = doc.paths['/api/get-glyphs']?.get?.parameters ?? [];
    const byName = new Map(params.map((p) => [p.name, p]));
    expect(byName.get('has')?.description).toMatch(/APK/);
    expect(byName.get('tags')?.description).toMatch(/tags/);
  });
});
