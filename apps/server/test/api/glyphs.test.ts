import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@glyphary/shared';
import { buildTestApp, SUPER_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { makeApk, makePng, uploadFile } from '../file-fixtures.ts';
import { glyphs, users } from '../../src/db/schema/index.ts';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
  superAdmin = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
});
afterAll(async () => {
  await t.close();
});

const glyphCount = () => t.database.db.$count(glyphs);
const glyphsCountOf = async (id: string) =>
  (await t.database.db.select({ n: users.glyphsCount }).from(users).where(eq(users.id, id)))[0]?.n;
const liveCountOf = (id: string) => t.database.db.$count(glyphs, and(eq(glyphs.creatorId, id), isNull(glyphs.deletedAt)));

const post = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/upload-glyph', payload: payload as Record<string, unknown>, headers: auth });
const put = (auth: Record<string, string>, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/update-glyph/${id}`, payload: payload as Record<string, unknown>, headers: auth });
const del = (auth: Record<string, string>, id: string) => t.app.inject({ method: 'DELETE', url: `/api/delete-glyph/${id}`, headers: auth });
const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/get-glyph/${id}` });

async function uploadedImage(user: TestUser) {
  return (await uploadFile(t.app, user.auth, 'images', await makePng())).json() as { url: string; thumbnail: string; filename: string };
}
async function uploadedApk(user: TestUser) {
  return (await uploadFile(t.app, user.auth, 'apks', makeApk())).json() as { url: string; filename: string; sha256: string; size: number };
}

const valid = { title: 'Pulse Ring', description: 'A ring that pulses with notifications.', githubUrl: 'https://github.com/example/pulse' };

describe('POST /api/upload-glyph', () => {
  it('shares a glyph as the caller with server-owned fields from the server, counting it on the creator', async () => {
    const image = await uploadedImage(owner);
    const apk = await uploadedApk(owner);
    const before = await glyphsCountOf(owner.id);
    const response = await post(owner.auth, {
      title: '  Pulse Ring  ',
      description: ' Pulses. ',
      images: [image.url],
      apkUrl: apk.url,
      githubUrl: '',
      instructions: '   ',
      // mass assignment: all ignored
      creatorId: other.id,
      creatorUsername: other.username,
      downloads: 99,
      views: 99,
      likes: 99,
      createdAt: '2001-01-01T00:00:00Z',
      deleted: true,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, id: expect.any(String) });
    expect(body.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(body.glyph).toMatchObject({
      id: body.id,
      title: 'Pulse Ring',
      description: 'Pulses.',
      images: [image.url],
      thumbnails: [image.thumbnail],
      apkUrl: apk.url,
      githubUrl: null,
      instructions: null,
      creatorId: owner.id,
      creatorUsername: owner.username,
      downloads: 0,
      views: 0,
      likes: 0,
      deleted: false,
      apkSha256: apk.sha256,
      apkSize: apk.size,
    });
    expect(new Date(body.glyph.createdAt).getFullYear()).toBeGreaterThan(2020);
    expect(await glyphsCountOf(owner.id)).toBe((before ?? 0) + 1);
    expect(await glyphsCountOf(owner.id)).toBe(await liveCountOf(owner.id));
  });

  it('rewrites image URLs on local or product hosts to relative /api/files/ paths (spec §7)', async () => {
    const image = await uploadedImage(owner);
    const apk = await uploadedApk(owner);
    const response = await post(owner.auth, {
      ...valid,
      images: [`http://localhost:3000${image.url}`, 'https://cdn.example.com/a.png'],
      apkUrl: `http://127.0.0.1:5173${apk.url}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().glyph.images).toEqual([image.url, 'https://cdn.example.com/a.png']);
    expect(response.json().glyph.apkUrl).toBe(apk.url);
  });

  it('refuses visitors (401) and stores nothing', async () => {
    const before = await glyphCount();
    const response = await post({}, valid);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(MSG.unauthorized);
    expect(await glyphCount()).toBe(before);
  });

  const sixImages = Array.from({ length: 6 }, (_, i) => `https://img.example.com/${i}.png`);
  it.each([
    ['blank title', { ...valid, title: '   ' }, MSG.titleRequired],
    ['missing title', { description: 'x', githubUrl: valid.githubUrl }, MSG.titleRequired],
    ['blank description', { ...valid, description: '' }, MSG.descriptionRequired],
    ['neither APK nor repository', { title: 'x', description: 'y', githubUrl: ' ', apkUrl: null }, MSG.apkOrGithubRequired],
    ['javascript: GitHub URL', { ...valid, githubUrl: 'javascript:alert(1)' }, MSG.githubUrlInvalid],
    ['JaVaScRiPt: GitHub URL with spaces', { ...valid, githubUrl: ' JaVaScRiPt:alert(1)' }, MSG.githubUrlInvalid],
    ['data: GitHub URL', { ...valid, githubUrl: 'data:text/html,<script>alert(1)</script>' }, MSG.githubUrlInvalid],
    ['protocol-relative GitHub URL', { ...valid, githubUrl: '//evil.example.com/x' }, MSG.githubUrlInvalid],
    ['ftp GitHub URL', { ...valid, githubUrl: 'ftp://example.com/x' }, MSG.githubUrlInvalid],
    ['javascript: image', { ...valid, images: ['javascript:alert(1)'] }, MSG.imageUrlInvalid],
    ['data: image', { ...valid, images: ['data:image/png;base64,AAAA'] }, MSG.imageUrlInvalid],
    ['an image path that is not a stored image', { ...valid, images: ['/api/files/images/../../secret'] }, MSG.imageUrlInvalid],
    ['an unknown stored image', { ...valid, images: ['/api/files/images/00000000-0000-4000-8000-000000000000.webp'] }, MSG.imageUrlInvalid],
    ['six images', { ...valid, images: sixImages }, MSG.tooManyImages],
    ['an external APK URL', { ...valid, apkUrl: 'https://evil.example.com/malware.apk' }, MSG.apkNotOwned],
    ['an unknown APK path', { ...valid, apkUrl: '/api/files/apks/00000000-0000-4000-8000-000000000000.apk' }, MSG.apkNotOwned],
    ['a javascript: APK URL', { ...valid, apkUrl: 'javascript:alert(1)' }, MSG.urlInvalid],
    ['an over-long title', { ...valid, title: 'x'.repeat(101) }, MSG.titleTooLong],
    ['an over-long description', { ...valid, description: 'x'.repeat(5001) }, MSG.descriptionTooLong],
    ['over-long instructions', { ...valid, instructions: 'x'.repeat(10_001) }, MSG.instructionsTooLong],
    ['control characters in the title', { ...valid, title: 'evil\u0000title' }, MSG.controlCharacters],
    ['a non-string title', { ...valid, title: { $gt: '' } }, MSG.titleRequired],
    ['images that are not a list', { ...valid, images: 'https://x.example.com/a.png' }, MSG.imageUrlInvalid],
  ])('refuses %s with the spec message and stores nothing', async (_label, payload, message) => {
    const before = await glyphCount();
    const countBefore = await glyphsCountOf(owner.id);
    const response = await post(owner.auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await glyphCount()).toBe(before);
    expect(await glyphsCountOf(owner.id)).toBe(countBefore);
  });

  it("refuses another user's APK (apkUrl must be the caller's own upload)", async () => {
    const theirs = await uploadedApk(other);
    const before = await glyphCount();
    const response = await post(owner.auth, { ...valid, apkUrl: theirs.url });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MSG.apkNotOwned);
    expect(await glyphCount()).toBe(before);
  });

  it('refuses malformed JSON and prototype-poisoning bodies', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/api/upload-glyph', payload: '{"title":', headers: { ...owner.auth, 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/upload-glyph',
      payload: '{"title":"x","description":"y","githubUrl":"https://github.com/a/b","__proto__":{"isAdmin":true}}',
      headers: { ...owner.auth, 'content-type': 'application/json' },
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('GET /api/get-glyph/{id}', () => {
  it('answers the glyph to everyone', async () => {
    const row = await insertGlyph(t.database, owner.id);
    const response = await get(row.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().glyph).toMatchObject({ id: row.id, title: row.title, creatorUsername: owner.username, deleted: false });
  });

  it.each([
    '00000000-0000-4000-8000-000000000000',
    "1' OR '1'='1",
    '..%2F..%2Fetc%2Fpasswd',
    'not-a-uuid',
    'x'.repeat(300),
  ])('answers 404 "Glyph not found" for %s', async (id) => {
    const response = await get(encodeURIComponent(id));
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/not found/);
  });
});

describe('licence (issue 48)', () => {
  it('stores an SPDX identifier in its canonical spelling, shows it on get-glyph and in lists; an edit without it keeps it, null clears it', async () => {
    const owner = await createUser(t.app);
    const created = await post(owner.auth, { ...valid, license: ' apache-2.0 ' });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json() as { id: string }).id;
    expect((await get(id)).json()).toMatchObject({ glyph: { license: 'Apache-2.0' } });
    const list = (await t.app.inject({ method: 'GET', url: `/api/get-glyphs?creator_id=${owner.id}` })).json() as { glyphs: Array<{ id: string; license: string | null }> };
    expect(list.glyphs.find((g) => g.id === id)?.license).toBe('Apache-2.0');

    expect((await put(owner.auth, id, { ...valid, title: 'Renamed' })).statusCode).toBe(200);
    expect((await get(id)).json()).toMatchObject({ glyph: { title: 'Renamed', license: 'Apache-2.0' } });
    expect((await put(owner.auth, id, { ...valid, license: 'MIT' })).statusCode).toBe(200);
    expect((await get(id)).json()).toMatchObject({ glyph: { license: 'MIT' } });
    expect((await put(owner.auth, id, { ...valid, license: '' })).statusCode).toBe(200);
    expect((await get(id)).json()).toMatchObject({ glyph: { license: null } });
    const none = await post(owner.auth, valid);
    expect((await get((none.json() as { id: string }).id)).json()).toMatchObject({ glyph: { license: null } });
  });

  it.each([['Not a licence'], ['MIT OR Apache-2.0'], ['GPL'], [42], ['x'.repeat(101)]])('refuses %j with a clear 400 and stores nothing', async (license) => {
    const owner = await createUser(t.app);
    const before = await glyphCount();
    const response = await post(owner.auth, { ...valid, license });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: MSG.licenseInvalid });
    expect(await glyphCount()).toBe(before);
    const id = (await post(owner.auth, { ...valid, license: 'MIT' })).json().id as string;
    const edit = await put(owner.auth, id, { ...valid, license });
    expect(edit.json()).toMatchObject({ error: MSG.licenseInvalid });
    expect((await get(id)).json()).toMatchObject({ glyph: { license: 'MIT' } });
  });
});

describe('PUT /api/update-glyph/{id}', () => {
  it('lets the creator replace the content, ignoring server-owned fields', async () => {
    const row = await insertGlyph(t.database, owner.id);
    const image = await uploadedImage(owner);
    const response = await put(owner.auth, row.id, {
      title: 'Renamed',
      description: 'New text',
      images: [image.url],
      githubUrl: 'https://github.com/example/renamed',
      instructions: 'Install it',
      creatorId: other.id,
      downloads: 1000,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().glyph).toMatchObject({
      title: 'Renamed',
      description: 'New text',
      images: [image.url],
      instructions: 'Install it',
      creatorId: owner.id,
      downloads: 0,
    });
  });

  it.each([
    ['a visitor', () => ({}), 401],
    ['another user', () => other.auth, 403],
    ['an admin (admins delete, not edit)', () => admin.auth, 403],
    ['the super admin', () => superAdmin.auth, 403],
  ])('refuses %s and changes nothing', async (_label, auth, status) => {
    const row = await insertGlyph(t.database, owner.id);
    const response = await put(auth(), row.id, { ...valid, title: 'Hijacked' });
    expect(response.statusCode).toBe(status);
    expect((await get(row.id)).json().glyph.title).toBe(row.title);
  });

  it('validates like upload, with the spec messages', async () => {
    const row = await insertGlyph(t.database, owner.id);
    for (const [payload, message] of [
      [{ ...valid, title: '' }, MSG.titleRequired],
      [{ ...valid, githubUrl: 'javascript:alert(1)' }, MSG.githubUrlInvalid],
      [{ ...valid, images: ['javascript:alert(1)'] }, MSG.imageUrlInvalid],
    ] as const) {
      const response = await put(owner.auth, row.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect((await get(row.id)).json().glyph.title).toBe(row.title);
  });

  it('answers 404 for unknown and deleted glyphs', async () => {
    expect((await put(owner.auth, '00000000-0000-4000-8000-000000000000', valid)).statusCode).toBe(404);
    const row = await insertGlyph(t.database, owner.id, { deletedAt: new Date() });
    const response = await put(owner.auth, row.id, valid);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(MSG.glyphNotFound);
  });
});

describe('DELETE /api/delete-glyph/{id}', () => {
  async function shareWithFiles(user: TestUser) {
    const image = await uploadedImage(user);
    const apk = await uploadedApk(user);
    const response = await post(user.auth, { ...valid, images: [image.url], apkUrl: apk.url, instructions: 'Steps' });
    return { id: response.json().id as string, image, apk };
  }

  it('soft-deletes for the creator: deleted notice, count taken back, files no longer served', async () => {
    const { id, image, apk } = await shareWithFiles(owner);
    const before = await glyphsCountOf(owner.id);
    const response = await del(owner.auth, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const detail = await get(id);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().glyph).toMatchObject({ id, deleted: true, apkUrl: null, githubUrl: null, images: [], instructions: null, apkSha256: null });
    expect(await glyphsCountOf(owner.id)).toBe((before ?? 0) - 1);
    expect(await glyphsCountOf(owner.id)).toBe(await liveCountOf(owner.id));
    for (const url of [image.url, image.thumbnail, apk.url]) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Deleting twice changes nothing more.
    expect((await del(owner.auth, id)).statusCode).toBe(404);
    expect(await glyphsCountOf(owner.id)).toBe((before ?? 0) - 1);
  });

  it.each([
    ['a visitor', () => ({}), 401],
    ['another user', () => other.auth, 403],
  ])('refuses %s and keeps the glyph live', async (_label, auth, status) => {
    const { id, apk } = await shareWithFiles(owner);
    const response = await del(auth(), id);
    expect(response.statusCode).toBe(status);
    expect((await get(id)).json().glyph.deleted).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: apk.url })).statusCode).toBe(200);
  });

  it.each([
    ['an admin', () => admin.auth],
    ['the super admin', () => superAdmin.auth],
  ])("lets %s delete anyone's glyph", async (_label, auth) => {
    const { id } = await shareWithFiles(owner);
    const before = await glyphsCountOf(owner.id);
    expect((await del(auth(), id)).statusCode).toBe(200);
    expect((await get(id)).json().glyph.deleted).toBe(true);
    expect(await glyphsCountOf(owner.id)).toBe((before ?? 0) - 1);
  });

  it('keeps serving a file another live glyph of the creator still uses', async () => {
    const image = await uploadedImage(owner);
    const first = (await post(owner.auth, { ...valid, images: [image.url] })).json().id;
    await post(owner.auth, { ...valid, images: [image.url] });
    expect((await del(owner.auth, first)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });

  it.each(['00000000-0000-4000-8000-000000000000', "1;DROP TABLE glyphs", '..%2F..'])('answers 404 for %s', async (id) => {
    const response = await del(owner.auth, encodeURIComponent(id));
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/not found/);
  });
});

describe('Open Graph tags for /glyph/{id}', () => {
  it('renders the title, first 160 characters of the description and the first image', async () => {
    const image = await uploadedImage(owner);
    const description = `${'Long description. '.repeat(20)}END`;
    const id = (await post(owner.auth, { ...valid, title: 'Meta <Toy>', description, images: [image.url] })).json().id;
    const page = await t.app.inject({ method: 'GET', url: `/glyph/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta property="og:title" content="Meta &lt;Toy&gt;" />');
    expect(page.body).toContain(`<meta property="og:description" content="${description.slice(0, 160).trim()}`);
    expect(page.body).toContain(`<meta property="og:image" content="http://localhost:3000${image.url}" />`);
    expect(page.body).toContain('<meta property="og:type" content="article" />');
  });

  it('falls back to the default tags for unknown and deleted glyphs', async () => {
    const row = await insertGlyph(t.database, owner.id, { deletedAt: new Date(), title: 'Gone Toy' });
    const page = await t.app.inject({ method: 'GET', url: `/glyph/${row.id}` });
    // The tags only: the page's boot data carries the API's own answer for a deleted glyph.
    expect(page.body).not.toMatch(/<title>Gone Toy|content="Gone Toy/);
    expect(page.body).toContain('<meta property="og:type" content="website" />');
  });
});
