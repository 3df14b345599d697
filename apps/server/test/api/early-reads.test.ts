import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import type { Clock } from '../../src/lib/clock.ts';

// Decision 0047: a fresh cached read is answered by the server's request handler before Fastify. Over a
// real socket (inject() never reaches the server's handler), the early answer must be what the route
// answers: same bytes and headers, the read limit, the metrics, the TTL, no replay across sessions.
let nowMs = Date.parse('2026-11-26T12:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over a socket with exactly these headers (fetch would add its own Accept-Encoding). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Counts early answers: every one of them goes through the read limit's early counter. */
function spyEarly(app: TestApp['app']) {
  return vi.spyOn(app.readLimit, 'countEarly');
}

const withoutDate = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

let t: TestApp;
let base: string;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
  base = await listen(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.app.readCache.clear();
  vi.restoreAllMocks();
});

describe('early answers of cached reads', () => {
  it('write a search page of card chunks as the route does: same bytes, headers and Content-Length', async () => {
    for (let i = 0; i < 3; i += 1) await insertGlyph(t.database, owner.id, { title: `Chunked ring ${i}` });
    const url = '/api/get-glyphs?search=chunked&sort=latest&limit=100';
    const early = spyEarly(t.app);
    const first = await rawGet(base, url); // Fastify: the index page, written as its chunks
    expect(early).not.toHaveBeenCalled();
    const second = await rawGet(base, url);
    expect(early).toHaveBeenCalledTimes(1);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    expect((JSON.parse(second.body.toString('utf8')) as { glyphs: unknown[] }).glyphs).toHaveLength(3);
  });

  it('send the route’s own bytes and headers — security headers, ETag, Cache-Control, Vary — and 304/br', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Early bytes' });
    const url = `/api/get-glyph/${glyph.id}`;
    const early = spyEarly(t.app);
    const first = await rawGet(base, url); // Fastify: fills the entry and remembers the URL
    expect(early).not.toHaveBeenCalled();
    const second = await rawGet(base, url);
    expect(early).toHaveBeenCalledTimes(1);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'etag']) {
      expect(second.headers[name], name).toBeDefined();
    }
    expect(second.headers['cache-control']).toBe('public, no-cache');

    const notModified = await rawGet(base, url, { 'if-none-match': first.headers.etag as string });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toHaveLength(0);
    expect(notModified.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(early).toHaveBeenCalledTimes(2);
  });

  it('answer a list with the same headers as Fastify, compressed copies included', async () => {
    const creator = await createUser(t.app);
    for (let i = 0; i < 12; i += 1) await insertGlyph(t.database, creator.id);
    const url = `/api/get-glyphs?sort=latest&creator_id=${creator.id}&limit=12`;
    for (const encoding of ['identity', 'zstd', 'br', 'gzip']) {
      t.app.readCache.clear();
      const early = spyEarly(t.app);
      const first = await rawGet(base, url, { 'accept-encoding': encoding });
      const second = await rawGet(base, url, { 'accept-encoding': encoding });
      expect(early, encoding).toHaveBeenCalledTimes(1);
      expect(second.body.equals(first.body), encoding).toBe(true);
      expect(withoutDate(second.headers), encoding).toEqual(withoutDate(first.headers));
      vi.restoreAllMocks();
    }
  });

  it('count against READ_RATE_LIMIT once each; the refused read gets the 429 contract from Fastify', async () => {
    const limited = await buildTestApp({ READ_RATE_LIMIT: '3' });
    try {
      const limitedBase = await listen(limited.app);
      const glyph = await insertGlyph(limited.database, (await createUser(limited.app)).id);
      const responses: RawResponse[] = [];
      for (let i = 0; i < 5; i += 1) responses.push(await rawGet(limitedBase, `/api/get-glyph/${glyph.id}`));
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
      const refused = responses[3] as RawResponse;
      expect(JSON.parse(refused.body.toString())).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['content-security-policy']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('stop at the TTL: an entry older than 1 s is read again from the database before it is answered', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Early before' });
    const url = `/api/get-glyph/${glyph.id}`;
    await rawGet(base, url);
    await t.database.db.execute(sql`update glyphs set title = 'Early after' where id = ${glyph.id}`);
    expect(JSON.parse((await rawGet(base, url)).body.toString()).glyph.title).toBe('Early before');
    nowMs += 1001;
    const early = spyEarly(t.app);
    // Three readers of the expired page: one read of the database, all three answered early with it.
    const answers = await Promise.all([rawGet(base, url), rawGet(base, url), rawGet(base, url)]);
    expect(answers.map((a) => JSON.parse(a.body.toString()).glyph.title)).toEqual(['Early after', 'Early after', 'Early after']);
    expect(early).toHaveBeenCalledTimes(3);
    expect(answers[0]?.headers['content-security-policy']).toBeDefined();
  });

  it('leave a read that fails on revalidation to the route: the error contract, counted once', async () => {
    const limited = await buildTestApp({ READ_RATE_LIMIT: '3' }, { clock });
    try {
      const limitedBase = await listen(limited.app);
      const glyph = await insertGlyph(limited.database, (await createUser(limited.app)).id);
      const url = `/api/get-glyph/${glyph.id}`;
      expect((await rawGet(limitedBase, url)).status).toBe(200);
      // Gone behind the app's back (another instance, a manual fix): no write told this cache.
      await limited.database.db.execute(sql`delete from glyphs where id = ${glyph.id}`);
      nowMs += 1001;
      const gone = await rawGet(limitedBase, url);
      expect(gone.status).toBe(404);
      expect(JSON.parse(gone.body.toString())).toMatchObject({ error: 'Glyph not found' });
      expect(gone.headers['content-security-policy']).toBeDefined();
      expect((await rawGet(limitedBase, url)).status).toBe(404); // the third read: not a 429
      expect((await rawGet(limitedBase, url)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('never revalidate what a write has forgotten: a like empties the page and the route reads it', async () => {
    const glyph = await insertGlyph(t.database, owner.id);
    const url = `/api/get-glyph/${glyph.id}`;
    await rawGet(base, url);
    nowMs += 1001;
    const liked = await t.app.inject({ method: 'POST', url: '/api/toggle-like', headers: owner.auth, payload: { glyphId: glyph.id } });
    expect(liked.statusCode).toBe(200);
    const early = spyEarly(t.app);
    expect(JSON.parse((await rawGet(base, url)).body.toString()).glyph.likes).toBe(1);
    expect(early).not.toHaveBeenCalled();
  });

  it('show a write at once: an edit empties the entry the early answer would have used', async () => {
    const glyph = await insertGlyph(t.database, owner.id, { title: 'Before the edit', githubUrl: 'https://github.com/example/x' });
    const url = `/api/get-glyph/${glyph.id}`;
    await rawGet(base, url);
    await rawGet(base, url);
    const current = JSON.parse((await rawGet(base, url)).body.toString()).glyph;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/update-glyph/${glyph.id}`,
      headers: owner.auth,
      payload: { title: 'After the edit', description: current.description, images: current.images, githubUrl: current.githubUrl },
    });
    expect(edited.statusCode).toBe(200);
    expect(JSON.parse((await rawGet(base, url)).body.toString()).glyph.title).toBe('After the edit');
  });

  it('never replay a visitor list to a signed-in caller (the admin clamp, private)', async () => {
    const creator = await createUser(t.app);
    for (let i = 0; i < 105; i += 1) await insertGlyph(t.database, creator.id);
    const url = `/api/get-glyphs?creator_id=${creator.id}&limit=150`;
    await rawGet(base, url);
    const early = spyEarly(t.app);
    expect(JSON.parse((await rawGet(base, url)).body.toString()).glyphs).toHaveLength(100);
    expect(early).toHaveBeenCalledTimes(1);
    const asAdmin = await rawGet(base, url, admin.auth);
    expect(JSON.parse(asAdmin.body.toString()).glyphs).toHaveLength(105);
    expect(asAdmin.headers['cache-control']).toBe('private, no-cache');
    expect(early).toHaveBeenCalledTimes(1);
  });

  it("keep a signed-in viewer's own like state while their glyph page is answered early", async () => {
    const glyph = await insertGlyph(t.database, owner.id);
    const url = `/api/get-glyph/${glyph.id}`;
    await rawGet(base, url, admin.auth);
    const liked = await t.app.inject({ method: 'POST', url: '/api/toggle-like', headers: admin.auth, payload: { glyphId: glyph.id } });
    expect(liked.json()).toMatchObject({ liked: true, totalLikes: 1 });
    // A like forgets the page at once, so the next answer shows it.
    expect(JSON.parse((await rawGet(base, url, admin.auth)).body.toString()).glyph.likes).toBe(1);
    const status = await rawGet(base, `/api/check-like-status?glyphId=${glyph.id}`, admin.auth);
    expect(JSON.parse(status.body.toString())).toEqual({ liked: true });
    expect(status.headers['cache-control']).toBe('no-store');
    const other = await rawGet(base, `/api/check-like-status?glyphId=${glyph.id}`, owner.auth);
    expect(JSON.parse(other.body.toString())).toEqual({ liked: false });
  });

  it('are counted in the request metrics under the route pattern', async () => {
    const glyph = await insertGlyph(t.database, owner.id);
    const url = `/api/get-glyph/${glyph.id}`;
    const countOf = async () => {
      const text = (await rawGet(base, '/metrics')).body.toString();
      const line = text.split('\n').find((l) => l.startsWith('http_requests_total{') && l.includes('route="/api/get-glyph/:id"') && l.includes('status_code="200"'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await countOf();
    await rawGet(base, url);
    const early = spyEarly(t.app);
    await rawGet(base, url);
    await rawGet(base, url);
    expect(early).toHaveBeenCalledTimes(2);
    expect(await countOf()).toBe(before + 3);
  });
});
