/**
 * Issue 46 item 7: a glyph request may reference only the caller's own uploads. A reference to another
 * user's file kept that file alive (the unused-upload sweep keeps anything a request names) and on its
 * owner's quota.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, type TestUser } from '../factories.ts';
import { multipart, pngBytes } from '../multipart.ts';
import { glyphRequests } from '../../src/db/schema/index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function upload(user: TestUser): Promise<string> {
  const form = multipart({ type: 'images' }, [{ field: 'file', filename: 'a.png', contentType: 'image/png', data: await pngBytes() }]);
  const response = await t.app.inject({ method: 'POST', url: '/api/upload-file', headers: { ...user.auth, ...form.headers }, payload: form.payload });
  if (response.statusCode !== 200) throw new Error(`upload failed ${response.statusCode} ${response.body}`);
  return (response.json() as { url: string }).url;
}

const requestWith = (user: TestUser, references: { reference_images?: string[]; reference_files?: string[] }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/glyph-requests',
    headers: user.auth,
    payload: { title: 'A request', description: 'With references', tags: [], ...references },
  });

async function requestsOf(user: TestUser): Promise<number> {
  return (await t.database.db.select({ id: glyphRequests.id }).from(glyphRequests).where(eq(glyphRequests.userId, user.id))).length;
}

describe("issue 46 item 7: a glyph request cannot reference another user's upload", () => {
  it('refuses a foreign upload in either list, in every spelling, and stores nothing', async () => {
    const [owner, borrower] = [await createUser(t.app), await createUser(t.app)];
    const url = await upload(owner);
    const thumb = url.replace(/\.webp$/, '-thumb.webp');
    const spellings = [url, `http://localhost:3000${url}`, `https://elsewhere.example${url}`, thumb];
    for (const reference of spellings) {
      for (const list of ['reference_images', 'reference_files'] as const) {
        const response = await requestWith(borrower, { [list]: [reference] });
        expect(response.statusCode, `${list} ${reference}`).toBe(400);
        expect(response.json()).toMatchObject({ error: MSG.requestReferenceNotOwned, code: 'REFERENCE_NOT_OWNED' });
      }
    }
    // One own upload beside a foreign one is still refused.
    const own = await upload(borrower);
    expect((await requestWith(borrower, { reference_files: [own, url] })).statusCode).toBe(400);
    expect(await requestsOf(borrower)).toBe(0);
  });

  it('accepts the caller’s own uploads and outside links', async () => {
    const user = await createUser(t.app);
    const url = await upload(user);
    const response = await requestWith(user, {
      reference_images: [url, `http://localhost:3000${url}`],
      reference_files: [url.replace(/\.webp$/, '-thumb.webp'), 'https://example.com/glyph.png'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await requestsOf(user)).toBe(1);
  });
});
