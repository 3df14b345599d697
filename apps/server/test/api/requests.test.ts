import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MSG, REQUEST_STATUSES, type GlyphRequest, type RequestList, type RequestStatus } from '@glyphary/shared';
import { buildTestApp, SUPER_ADMIN_EMAIL, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { multipart, pngBytes } from '../multipart.ts';
import { auditLog, glyphRequests, glyphs } from '../../src/db/schema/index.ts';

let t: TestApp;
/** SECURITY matrix fixtures: Own = the requester, Assignee = who took it on, Oth = anyone else, A = admin, S = super admin. */
let own: TestUser;
let assignee: TestUser;
let oth: TestUser;
let admin: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  own = await createUser(t.app);
  assignee = await createUser(t.app);
  oth = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
  superAdmin = await createUser(t.app, { email: SUPER_ADMIN_EMAIL });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const V: Headers = {};
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = V, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

let sequence = 0;
/** Inserts a request directly in a given state (I4-consistent: assigned unless open). */
async function insertRequest(
  status: RequestStatus,
  values: Partial<typeof glyphRequests.$inferInsert> = {},
): Promise<typeof glyphRequests.$inferSelect> {
  sequence += 1;
  const [row] = await t.database.db
    .insert(glyphRequests)
    .values({
      title: `Request ${sequence}`,
      description: `Please build toy number ${sequence}`,
      tags: ['fixture'],
      userId: own.id,
      status,
      assignedTo: status === 'open' ? null : assignee.id,
      ...values,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

async function readRow(id: string) {
  const [row] = await t.database.db.select().from(glyphRequests).where(eq(glyphRequests.id, id));
  return row;
}

/** SECURITY I4: open ⇔ unassigned; in_progress and completed are always assigned. */
async function expectInvariantI4() {
  const broken = await t.database.db
    .select({ id: glyphRequests.id })
    .from(glyphRequests)
    .where(
      sql`(${glyphRequests.status} = 'open' and ${glyphRequests.assignedTo} is not null)
       or (${glyphRequests.status} in ('in_progress', 'completed') and ${glyphRequests.assignedTo} is null)`,
    );
  expect(broken).toEqual([]);
}

const countRequests = () => t.database.db.$count(glyphRequests);
const auditRows = (targetId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

describe('GET /api/glyph-requests', () => {
  let searchTag: string;
  beforeAll(async () => {
    // 25 requests with distinct, known creation times so "newest first" is checkable.
    searchTag = `list${Date.now().toString(36)}`;
    const base = Date.parse('2030-01-01T00:00:00Z');
    for (let i = 0; i < 25; i += 1) {
      await insertRequest('open', { title: `Paged ${searchTag} ${i}`, createdAt: new Date(base + i * 60_000) });
    }
  });

  it('answers visitors with {requests, total, hasMore}: 20 newest first by default, people as {id, username}', async () => {
    const response = await call('GET', '/api/glyph-requests');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { requests: GlyphRequest[]; total: number; hasMore: boolean };
    expect(body.requests).toHaveLength(20);
    expect(body.total).toBe(await countRequests());
    expect(body.hasMore).toBe(true);
    const times = body.requests.map((r) => Date.parse(r.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.requests[0]?.title).toBe(`Paged ${searchTag} 24`);
    expect(body.requests[0]?.user).toEqual({ id: own.id, username: own.username });
    expect(Object.keys(body.requests[0]?.user ?? {}).sort()).toEqual(['id', 'username']);
    expect(response.body).not.toContain(own.email);
    expect(body.requests[0]).toMatchObject({ status: 'open', assigned_to: null, assigned_user: null, user_id: own.id });
  });

  it('pages with limit and offset and reports hasMore', async () => {
    const search = `&search=${searchTag}`;
    const first = (await call('GET', `/api/glyph-requests?limit=10&offset=0${search}`)).json();
    const last = (await call('GET', `/api/glyph-requests?limit=10&offset=20${search}`)).json();
    expect(first.total).toBe(25);
    expect(first.requests).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    expect(last.requests).toHaveLength(5);
    expect(last.hasMore).toBe(false);
    expect(last.requests.at(-1).title).toBe(`Paged ${searchTag} 0`);
  });

  it('clamps limit to 100 for visitors and users and 1000 for admins', async () => {
    const base = Date.parse('2020-01-01T00:00:00Z');
    await t.database.db.insert(glyphRequests).values(
      Array.from({ length: 110 }, (_, i) => ({
        title: `Bulk ${i}`,
        description: 'bulk',
        userId: oth.id,
        createdAt: new Date(base + i),
      })),
    );
    const total = await countRequests();
    expect((await call('GET', '/api/glyph-requests?limit=1000')).json().requests).toHaveLength(100);
    expect((await call('GET', '/api/glyph-requests?limit=1000', own.auth)).json().requests).toHaveLength(100);
    expect((await call('GET', '/api/glyph-requests?limit=1000', admin.auth)).json().requests).toHaveLength(Math.min(total, 1000));
    expect((await call('GET', '/api/glyph-requests?limit=5000', superAdmin.auth)).json().requests).toHaveLength(
      Math.min(total, 1000),
    );
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=-5', 'limit must be at least 1'],
    ['limit=abc', 'limit must be a number'],
    ['limit=1.5', 'limit must be a whole number'],
    ['offset=-1', 'offset must be 0 or more'],
    ['offset=xyz', 'offset must be a number'],
    ['offset=99999999999999', 'offset is too large'],
    [`search=${'a'.repeat(101)}`, 'Search is limited to 100 characters'],
    ['status=done', 'status must be one of open, in_progress, completed, cancelled'],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const response = await call('GET', `/api/glyph-requests?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('searches title, description and tags, ignoring case', async () => {
    const word = `zq${Date.now().toString(36)}`;
    const byTitle = await insertRequest('open', { title: `Boot ${word.toUpperCase()} animation` });
    const byDescription = await insertRequest('open', { description: `needs a ${word} effect` });
    const byTag = await insertRequest('open', { tags: ['misc', `${word}-tag`] });
    await insertRequest('open', { title: 'Unrelated' });
    const body = (await call('GET', `/api/glyph-requests?search=${encodeURIComponent(` ${word} `)}`)).json();
    expect(body.requests.map((r: GlyphRequest) => r.id).sort()).toEqual([byTitle.id, byDescription.id, byTag.id].sort());
    expect(body.total).toBe(3);
  });

  it('treats %, _, backslashes and quotes in the search literally', async () => {
    const marker = `pct${Date.now().toString(36)}`;
    const literal = await insertRequest('open', { title: `100%_${marker}` });
    await insertRequest('open', { title: `100ab${marker}` });
    const hit = (await call('GET', `/api/glyph-requests?search=${encodeURIComponent(`0%_${marker}`)}`)).json();
    expect(hit.requests.map((r: GlyphRequest) => r.id)).toEqual([literal.id]);
    for (const term of ['%', '_', "' or '1'='1", '\\', '"', "'; drop table glyph_requests; --"]) {
      const response = await call('GET', `/api/glyph-requests?search=${encodeURIComponent(term)}&limit=100`);
      expect(response.statusCode).toBe(200);
      const titles = (response.json().requests as GlyphRequest[]).map((r) => r.title);
      if (term === '%' || term === '_') {
        expect(titles.every((title) => title.includes(term))).toBe(true);
      }
    }
    expect(await countRequests()).toBeGreaterThan(0);
  });

  it('filters by status', async () => {
    await insertRequest('completed');
    const body = (await call('GET', '/api/glyph-requests?status=completed&limit=100')).json();
    expect(body.requests.length).toBeGreaterThan(0);
    expect(body.requests.every((r: GlyphRequest) => r.status === 'completed')).toBe(true);
  });

  it('filters by each status, with search and sort, and shows who took it and the glyph that completed it (issue 17)', async () => {
    const word = `st${Date.now().toString(36)}`;
    const glyph = await insertGlyph(t.database, assignee.id, { title: `Answer ${word}` });
    const rows = {
      open: await insertRequest('open', { title: `${word} open` }),
      in_progress: await insertRequest('in_progress', { title: `${word} taken` }),
      completed: await insertRequest('completed', { title: `${word} done`, completedGlyphId: glyph.id }),
      cancelled: await insertRequest('cancelled', { title: `${word} dropped` }),
    };
    for (const status of REQUEST_STATUSES) {
      for (const sort of ['latest', 'votes']) {
        const response = await call('GET', `/api/glyph-requests?search=${word}&status=${status}&sort=${sort}`);
        expect(response.statusCode).toBe(200);
        const body = response.json() as RequestList;
        expect(body.requests.map((r) => r.id)).toEqual([rows[status].id]);
        expect(body.total).toBe(1);
      }
    }
    // Without a status, every status is listed.
    expect((await call('GET', `/api/glyph-requests?search=${word}`)).json().total).toBe(4);
    const [taken] = (await call('GET', `/api/glyph-requests?search=${word}&status=in_progress`)).json().requests as GlyphRequest[];
    expect(taken?.assigned_user).toEqual({ id: assignee.id, username: assignee.username });
    expect(taken?.completed_glyph).toBeNull();
    const [done] = (await call('GET', `/api/glyph-requests?search=${word}&status=completed`)).json().requests as GlyphRequest[];
    expect(done?.assigned_user).toEqual({ id: assignee.id, username: assignee.username });
    expect(done?.completed_glyph).toMatchObject({ id: glyph.id, title: `Answer ${word}`, creator_username: assignee.username, deleted: false });
    const [open] = (await call('GET', `/api/glyph-requests?search=${word}&status=open`)).json().requests as GlyphRequest[];
    expect(open?.assigned_user).toBeNull();
    // A status in another case, or a list of them, is refused, not ignored.
    for (const bad of ['OPEN', 'open,completed', '']) {
      const response = await call('GET', `/api/glyph-requests?status=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ error: 'status must be one of open, in_progress, completed, cancelled', code: expect.any(String) });
    }
  });
});

describe('POST /api/glyph-requests', () => {
  const valid = { title: 'Battery ring', description: 'A ring that fills with the battery level', tags: 'battery, ring' };

  it('creates an open request owned by the caller, ignoring server-owned and unknown fields', async () => {
    // A request may name only the caller's own uploads (and outside links), so the reference is uploaded first.
    const form = multipart({ type: 'images' }, [{ field: 'file', filename: 'a.png', contentType: 'image/png', data: await pngBytes() }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload-file', headers: { ...own.auth, ...form.headers }, payload: form.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const imageUrl = (uploaded.json() as { url: string }).url;
    const response = await call('POST', '/api/glyph-requests', own.auth, {
      ...valid,
      reference_images: [imageUrl, 'https://example.com/ref.png'],
      reference_files: ['https://example.com/spec.pdf'],
      status: 'completed',
      user_id: oth.id,
      assigned_to: oth.id,
      id: '00000000-0000-4000-8000-000000000000',
      created_at: '2000-01-01T00:00:00Z',
      completed_glyph_id: '00000000-0000-4000-8000-000000000001',
      isAdmin: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: true; id: string; request: GlyphRequest };
    expect(body.success).toBe(true);
    expect(body.request).toMatchObject({
      id: body.id,
      title: 'Battery ring',
      tags: ['battery', 'ring'],
      status: 'open',
      user_id: own.id,
      user: { id: own.id, username: own.username },
      assigned_to: null,
      completed_glyph_id: null,
      reference_images: [imageUrl, 'https://example.com/ref.png'],
      reference_files: ['https://example.com/spec.pdf'],
    });
    expect(body.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(new Date(body.request.created_at).getFullYear()).toBeGreaterThan(2020);
    const row = await readRow(body.id);
    expect(row).toMatchObject({ status: 'open', userId: own.id, assignedTo: null, completedGlyphId: null });
  });

  it.each([
    ['a,,b, ,c', ['a', 'b', 'c']],
    ['  glyph ,  toy,glyph, GLYPH ,', ['glyph', 'toy']],
    [
      ['x', ' y ', '', 'x', 'z, w'],
      ['x', 'y', 'z', 'w'],
    ],
    ['', []],
    [undefined, []],
  ])('normalises tags %j → %j', async (tags, expected) => {
    const response = await call('POST', '/api/glyph-requests', own.auth, { ...valid, tags });
    expect(response.statusCode).toBe(200);
    expect(response.json().request.tags).toEqual(expected);
  });

  it('trims title and description', async () => {
    const response = await call('POST', '/api/glyph-requests', own.auth, {
      ...valid,
      title: '  Spaced  ',
      description: '\n body \n',
    });
    expect(response.json().request).toMatchObject({ title: 'Spaced', description: 'body' });
  });

  it('refuses visitors and bad tokens with 401 and stores nothing', async () => {
    const before = await countRequests();
    for (const headers of [V, { authorization: 'Bearer garbage' }, { authorization: 'Basic abc' }]) {
      const response = await call('POST', '/api/glyph-requests', headers, valid);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(MSG.unauthorized);
    }
    expect(await countRequests()).toBe(before);
  });

  it.each([
    [{ title: '' }, MSG.requestTitleRequired],
    [{ title: '   ' }, MSG.requestTitleRequired],
    [{ title: undefined }, MSG.requestTitleRequired],
    [{ title: 42 }, MSG.requestTitleRequired],
    [{ description: '' }, MSG.requestDescriptionRequired],
    [{ description: ' \n\t ' }, MSG.requestDescriptionRequired],
    [{ description: undefined }, MSG.requestDescriptionRequired],
    [{ title: 'x'.repeat(101) }, MSG.titleTooLong],
    [{ description: 'x'.repeat(5001) }, MSG.descriptionTooLong],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') }, MSG.tooManyTags],
    [{ tags: 'x'.repeat(31) }, MSG.tagTooLong],
    [{ reference_images: ['javascript:alert(1)'] }, MSG.urlInvalid],
    [{ reference_images: ['JaVaScRiPt:alert(1)'] }, MSG.urlInvalid],
    [{ reference_images: ['data:image/png;base64,AAAA'] }, MSG.urlInvalid],
    [{ reference_images: ['//evil.example/x.png'] }, MSG.urlInvalid],
    [{ reference_images: ['/etc/passwd'] }, MSG.urlInvalid],
    [{ reference_files: ['ftp://example.com/file'] }, MSG.urlInvalid],
    [{ reference_images: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}.png`) }, MSG.maxFiles(5)],
  ])('refuses %j with 400 and the message, storing nothing', async (override, message) => {
    const before = await countRequests();
    const response = await call('POST', '/api/glyph-requests', own.auth, { ...valid, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await countRequests()).toBe(before);
  });

  it('refuses malformed JSON, non-JSON bodies and prototype poisoning, storing nothing', async () => {
    const before = await countRequests();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/glyph-requests',
      headers: { ...own.auth, 'content-type': 'application/json' },
      payload: '{"title": "x",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Malformed JSON body');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/glyph-requests',
      headers: { ...own.auth, 'content-type': 'text/plain' },
      payload: 'title=x',
    });
    expect(text.statusCode).toBe(415);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/glyph-requests',
      headers: { ...own.auth, 'content-type': 'application/json' },
      payload: '{"title":"x","description":"y","__proto__":{"status":"completed"}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(await countRequests()).toBe(before);
  });
});

describe('GET /api/glyph-requests/{id}', () => {
  it('shows a request to everyone, with the linked glyph when completed', async () => {
    const glyph = await insertGlyph(t.database, assignee.id, { title: 'Linked toy' });
    const row = await insertRequest('completed', { completedGlyphId: glyph.id });
    for (const headers of [V, own.auth, oth.auth, assignee.auth, admin.auth, superAdmin.auth]) {
      const response = await call('GET', `/api/glyph-requests/${row.id}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json().request).toMatchObject({
        id: row.id,
        status: 'completed',
        assigned_to: assignee.id,
        assigned_user: { id: assignee.id, username: assignee.username },
        completed_glyph_id: glyph.id,
        completed_glyph: { id: glyph.id, title: 'Linked toy' },
      });
    }
  });

  it.each([
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    "1' or '1'='1",
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'x'.repeat(400),
  ])('answers 404 Request not found for %s', async (id) => {
    const response = await call('GET', `/api/glyph-requests/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(MSG.requestNotFound);
  });
});

describe('POST /api/glyph-requests/{id}/take-on', () => {
  const takeOn = (id: string, headers: Headers) => call('POST', `/api/glyph-requests/${id}/take-on`, headers);

  it.each([
    ['V', 401, MSG.unauthorized],
    ['Own', 403, MSG.requestOwnTakeOn],
  ] as const)('%s → %i and nothing changes', async (role, status, message) => {
    const row = await insertRequest('open');
    const response = await takeOn(row.id, role === 'V' ? V : own.auth);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(message);
    expect(await readRow(row.id)).toEqual(row);
  });

  it.each(['U', 'A', 'S'] as const)(
    '%s takes on an open request of someone else: in_progress, assigned to them',
    async (role) => {
      const user = role === 'U' ? oth : role === 'A' ? admin : superAdmin;
      const row = await insertRequest('open');
      const response = await takeOn(row.id, user.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        request: {
          id: row.id,
          status: 'in_progress',
          assigned_to: user.id,
          assigned_user: { id: user.id, username: user.username },
        },
      });
      expect(await readRow(row.id)).toMatchObject({ status: 'in_progress', assignedTo: user.id });
    },
  );

  it.each(['in_progress', 'completed', 'cancelled'] as const)(
    'refuses a %s request with 409 and changes nothing',
    async (status) => {
      const row = await insertRequest(status);
      const response = await takeOn(row.id, oth.auth);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(MSG.requestNotOpen);
      expect(await readRow(row.id)).toEqual(row);
    },
  );

  it('refuses taking the same request twice', async () => {
    const row = await insertRequest('open');
    expect((await takeOn(row.id, oth.auth)).statusCode).toBe(200);
    const again = await takeOn(row.id, oth.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MSG.requestNotOpen);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', "'; drop table glyph_requests; --"]) {
      const response = await takeOn(encodeURIComponent(id), oth.auth);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(MSG.requestNotFound);
    }
  });

  // 20 sign-ups and 200 racing calls: a generous timeout for when other suites load the machine.
  it('lets exactly one of 20 concurrent takers win, every time (SECURITY R5)', async () => {
    const takers: TestUser[] = [];
    // Sign-ups one by one: the race under test is the take-on, not account creation.
    for (let i = 0; i < 20; i += 1) takers.push(await createUser(t.app));
    for (let trial = 0; trial < 10; trial += 1) {
      const row = await insertRequest('open');
      const responses = await Promise.all(takers.map((taker) => takeOn(row.id, taker.auth)));
      const winners = responses.flatMap((response, index) => (response.statusCode === 200 ? [takers[index]!] : []));
      expect(winners).toHaveLength(1);
      for (const response of responses) {
        if (response.statusCode !== 200) {
          expect(response.statusCode).toBe(409);
          expect(response.json().error).toBe(MSG.requestNotOpen);
        }
      }
      expect(await readRow(row.id)).toMatchObject({ status: 'in_progress', assignedTo: winners[0]!.id });
    }
    await expectInvariantI4();
  }, 120_000);
});

describe('POST /api/glyph-requests/{id}/complete', () => {
  const complete = (id: string, headers: Headers, payload?: unknown) =>
    call('POST', `/api/glyph-requests/${id}/complete`, headers, payload);

  it('lets the assignee complete without a glyph (no body, empty body or null glyph_id)', async () => {
    for (const payload of [undefined, {}, { glyph_id: null }, { glyph_id: '' }]) {
      const row = await insertRequest('in_progress');
      const response = await complete(row.id, assignee.auth, payload);
      expect(response.statusCode).toBe(200);
      expect(response.json().request).toMatchObject({ status: 'completed', assigned_to: assignee.id, completed_glyph_id: null });
    }
  });

  it('lets the assignee complete with one of their own live glyphs', async () => {
    const glyph = await insertGlyph(t.database, assignee.id, { title: 'My answer' });
    const row = await insertRequest('in_progress');
    const response = await complete(row.id, assignee.auth, { glyph_id: glyph.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().request).toMatchObject({
      status: 'completed',
      completed_glyph_id: glyph.id,
      completed_glyph: { id: glyph.id, title: 'My answer' },
    });
    expect(await readRow(row.id)).toMatchObject({ status: 'completed', completedGlyphId: glyph.id, assignedTo: assignee.id });
  });

  it.each([
    ['V', 401, MSG.unauthorized],
    ['Own (requester)', 403, MSG.forbidden],
    ['Oth', 403, MSG.forbidden],
    ['A', 403, MSG.forbidden],
    ['S', 403, MSG.forbidden],
  ] as const)('%s → %i and nothing changes', async (role, status, message) => {
    const headers = { V, 'Own (requester)': own.auth, Oth: oth.auth, A: admin.auth, S: superAdmin.auth }[role];
    const row = await insertRequest('in_progress');
    const response = await complete(row.id, headers);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(message);
    expect(await readRow(row.id)).toEqual(row);
  });

  it('refuses someone else’s glyph (403), a deleted, unknown or malformed glyph (400), changing nothing', async () => {
    const othersGlyph = await insertGlyph(t.database, oth.id);
    const deletedGlyph = await insertGlyph(t.database, assignee.id, { deletedAt: new Date() });
    const cases: Array<[unknown, number]> = [
      [othersGlyph.id, 403],
      [deletedGlyph.id, 400],
      ['00000000-0000-4000-8000-000000000000', 400],
      ["1' or '1'='1", 400],
      ['../../etc/passwd', 400],
    ];
    for (const [glyphId, status] of cases) {
      const row = await insertRequest('in_progress');
      const response = await complete(row.id, assignee.auth, { glyph_id: glyphId });
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(MSG.requestGlyphNotOwned);
      expect(await readRow(row.id)).toEqual(row);
    }
    const row = await insertRequest('in_progress');
    const wrongType = await complete(row.id, assignee.auth, { glyph_id: 42 });
    expect(wrongType.statusCode).toBe(400);
    const tooLong = await complete(row.id, assignee.auth, { glyph_id: 'x'.repeat(65) });
    expect(tooLong.statusCode).toBe(400);
    expect(await readRow(row.id)).toEqual(row);
  });

  it.each(['completed', 'cancelled'] as const)(
    'refuses the assignee on a %s request with 409, changing nothing',
    async (status) => {
      const row = await insertRequest(status);
      const response = await complete(row.id, assignee.auth);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(MSG.requestNotInProgress);
      expect(await readRow(row.id)).toEqual(row);
    },
  );

  it('refuses an open request (nobody is its assignee) with 403', async () => {
    const row = await insertRequest('open');
    const response = await complete(row.id, assignee.auth);
    expect(response.statusCode).toBe(403);
    expect(await readRow(row.id)).toEqual(row);
  });

  it('answers 404 for unknown ids', async () => {
    const response = await complete('00000000-0000-4000-8000-000000000000', assignee.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(MSG.requestNotFound);
  });
});

describe('POST /api/glyph-requests/{id}/cancel', () => {
  const cancel = (id: string, headers: Headers) => call('POST', `/api/glyph-requests/${id}/cancel`, headers);

  it('the assignee gives an in-progress request back: open and unassigned', async () => {
    const row = await insertRequest('in_progress');
    const response = await cancel(row.id, assignee.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().request).toMatchObject({ status: 'open', assigned_to: null, assigned_user: null });
    expect(await readRow(row.id)).toMatchObject({ status: 'open', assignedTo: null });
  });

  it.each(['open', 'in_progress'] as const)('the requester cancels a %s request', async (status) => {
    const row = await insertRequest(status);
    const response = await cancel(row.id, own.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().request.status).toBe('cancelled');
    expect((await readRow(row.id))?.status).toBe('cancelled');
    await expectInvariantI4();
  });

  it.each([
    ['V', 'in_progress', 401],
    ['Oth', 'in_progress', 403],
    ['Oth', 'open', 403],
    ['A', 'in_progress', 403],
    ['S', 'open', 403],
    ['Own', 'completed', 409],
    ['Own', 'cancelled', 409],
    ['Assignee', 'completed', 409],
    ['Assignee', 'cancelled', 409],
  ] as const)('%s on a %s request → %i and nothing changes', async (role, status, code) => {
    const headers = { V, Oth: oth.auth, A: admin.auth, S: superAdmin.auth, Own: own.auth, Assignee: assignee.auth }[role];
    const row = await insertRequest(status);
    const response = await cancel(row.id, headers);
    expect(response.statusCode).toBe(code);
    if (code === 409) expect(response.json().error).toBe(MSG.requestNotCancellable);
    expect(await readRow(row.id)).toEqual(row);
  });

  it('answers 404 for unknown ids', async () => {
    const response = await cancel('not-a-uuid', own.auth);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(MSG.requestNotFound);
  });
});

describe('GET /api/my-glyph-requests', () => {
  let me: TestUser;
  let created: Array<typeof glyphRequests.$inferSelect>;
  let taken: Array<typeof glyphRequests.$inferSelect>;
  beforeAll(async () => {
    me = await createUser(t.app);
    created = [await insertRequest('open', { userId: me.id }), await insertRequest('in_progress', { userId: me.id })];
    taken = [await insertRequest('in_progress', { assignedTo: me.id }), await insertRequest('completed', { assignedTo: me.id })];
    await insertRequest('open'); // someone else's, not mine
  });

  it('lists both kinds for type=all (and by default), each with its type', async () => {
    for (const query of ['?type=all', '']) {
      const response = await call('GET', `/api/my-glyph-requests${query}`, me.auth);
      expect(response.statusCode).toBe(200);
      const list = response.json().requests as GlyphRequest[];
      expect(
        list
          .filter((r) => r.type === 'created')
          .map((r) => r.id)
          .sort(),
      ).toEqual(created.map((r) => r.id).sort());
      expect(
        list
          .filter((r) => r.type === 'assigned')
          .map((r) => r.id)
          .sort(),
      ).toEqual(taken.map((r) => r.id).sort());
      expect(list).toHaveLength(4);
    }
  });

  it('filters by type=assigned and type=created', async () => {
    const assigned = (await call('GET', '/api/my-glyph-requests?type=assigned', me.auth)).json().requests as GlyphRequest[];
    expect(assigned.map((r) => r.id).sort()).toEqual(taken.map((r) => r.id).sort());
    expect(assigned.every((r) => r.type === 'assigned')).toBe(true);
    const mine = (await call('GET', '/api/my-glyph-requests?type=created', me.auth)).json().requests as GlyphRequest[];
    expect(mine.map((r) => r.id).sort()).toEqual(created.map((r) => r.id).sort());
    expect(mine.every((r) => r.type === 'created')).toBe(true);
  });

  it('refuses visitors (401) and a bad type (400)', async () => {
    const visitor = await call('GET', '/api/my-glyph-requests');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe(MSG.unauthorized);
    const bad = await call('GET', '/api/my-glyph-requests?type=everything', me.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('type must be one of all, assigned, created');
  });

  it('ignores any user id in the query: always the caller', async () => {
    const response = await call('GET', `/api/my-glyph-requests?type=created&user_id=${own.id}`, me.auth);
    expect((response.json().requests as GlyphRequest[]).every((r) => r.user_id === me.id)).toBe(true);
  });
});

describe('admin routes', () => {
  const forceComplete = (id: string, headers: Headers) =>
    call('POST', `/api/admin/glyph-requests/${id}/force-complete`, headers, {});
  const reset = (id: string, headers: Headers) => call('POST', `/api/admin/glyph-requests/${id}/reset`, headers, {});
  const remove = (id: string, headers: Headers) => call('DELETE', `/api/admin/glyph-requests/${id}`, headers);
  const denied = [
    ['V', 401, MSG.unauthorized],
    ['U', 403, MSG.forbidden],
    ['Own', 403, MSG.forbidden],
    ['Assignee', 403, MSG.forbidden],
  ] as const;
  const headersOf = (role: string) =>
    ({ V, U: oth.auth, Own: own.auth, Assignee: assignee.auth, A: admin.auth, S: superAdmin.auth })[role]!;

  describe.each([
    ['force-complete', forceComplete],
    ['reset', reset],
    ['delete', remove],
  ] as const)('%s', (_name, action) => {
    it.each(denied)('%s → %i, nothing changes and nothing is logged', async (role, status, message) => {
      const row = await insertRequest('in_progress');
      const response = await action(row.id, headersOf(role));
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(message);
      expect(await readRow(row.id)).toEqual(row);
      expect(await auditRows(row.id)).toEqual([]);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '1%27%20or%201%3D1']) {
        const response = await action(id, admin.auth);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toBe(MSG.requestNotFound);
      }
    });
  });

  it.each(['A', 'S'])('%s force-completes an in-progress request and the action is audited', async (role) => {
    const row = await insertRequest('in_progress');
    const response = await forceComplete(row.id, headersOf(role));
    expect(response.statusCode).toBe(200);
    expect(response.json().request).toMatchObject({ status: 'completed', assigned_to: assignee.id });
    const actor = role === 'A' ? admin : superAdmin;
    expect(await auditRows(row.id)).toEqual([
      expect.objectContaining({ actorId: actor.id, action: 'request.force_complete', targetType: 'request', targetId: row.id }),
    ]);
  });

  it.each(['open', 'completed', 'cancelled'] as const)('force-complete refuses a %s request with 409', async (status) => {
    const row = await insertRequest(status);
    const response = await forceComplete(row.id, admin.auth);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MSG.requestNotInProgress);
    expect(await readRow(row.id)).toEqual(row);
    expect(await auditRows(row.id)).toEqual([]);
  });

  it.each(['in_progress', 'completed'] as const)(
    'reset sets a %s request open, unassigned and unlinked, audited',
    async (status) => {
      const glyph = await insertGlyph(t.database, assignee.id);
      const row = await insertRequest(status, status === 'completed' ? { completedGlyphId: glyph.id } : {});
      const response = await reset(row.id, superAdmin.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json().request).toMatchObject({
        status: 'open',
        assigned_to: null,
        assigned_user: null,
        completed_glyph_id: null,
      });
      expect(await readRow(row.id)).toMatchObject({ status: 'open', assignedTo: null, completedGlyphId: null });
      expect(await auditRows(row.id)).toEqual([
        expect.objectContaining({ actorId: superAdmin.id, action: 'request.reset', targetType: 'request' }),
      ]);
    },
  );

  it.each(['open', 'cancelled'] as const)('reset refuses a %s request with 409', async (status) => {
    const row = await insertRequest(status);
    const response = await reset(row.id, admin.auth);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MSG.requestNotResettable);
    expect(await readRow(row.id)).toEqual(row);
  });

  it.each(['open', 'in_progress', 'completed', 'cancelled'] as const)('delete removes a %s request, audited', async (status) => {
    const row = await insertRequest(status);
    const response = await remove(row.id, admin.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await readRow(row.id)).toBeUndefined();
    expect(await auditRows(row.id)).toEqual([
      expect.objectContaining({ actorId: admin.id, action: 'request.delete', targetType: 'request' }),
    ]);
    const again = await remove(row.id, admin.auth);
    expect(again.statusCode).toBe(404);
  });

  it('a reset racing the assignee’s complete ends in one legal state (SECURITY R5)', async () => {
    for (let trial = 0; trial < 10; trial += 1) {
      const row = await insertRequest('in_progress');
      const [resetResponse, completeResponse] = await Promise.all([
        reset(row.id, admin.auth),
        call('POST', `/api/glyph-requests/${row.id}/complete`, assignee.auth, {}),
      ]);
      const after = await readRow(row.id);
      expect(resetResponse.statusCode).toBe(200); // reset is legal from both in_progress and completed
      expect([200, 403, 409]).toContain(completeResponse.statusCode);
      expect(after).toMatchObject({ status: 'open', assignedTo: null, completedGlyphId: null });
    }
    await expectInvariantI4();
  }, 60_000);
});

describe('target phone and the completing toy (issue 48)', () => {
  const create = (payload: Record<string, unknown>) => call('POST', '/api/glyph-requests', own.auth, { title: 'Phone toy', description: 'For one phone', ...payload });

  it('stores an optional device, shows it, and filters the board by it', async () => {
    const forFour = await create({ device: 'phone-4a-pro' });
    expect(forFour.statusCode, forFour.body).toBe(200);
    expect(forFour.json().request).toMatchObject({ device: 'phone-4a-pro' });
    const any = await create({});
    expect(any.json().request).toMatchObject({ device: null });
    expect((await create({ device: null })).json().request).toMatchObject({ device: null });
    const shown = await call('GET', `/api/glyph-requests/${forFour.json().request.id}`);
    expect(shown.json().request.device).toBe('phone-4a-pro');

    const board = (await call('GET', '/api/glyph-requests?device=phone-4a-pro&limit=100')).json() as RequestList;
    expect(board.requests.length).toBeGreaterThan(0);
    expect(board.requests.every((r) => r.device === 'phone-4a-pro')).toBe(true);
    expect(board.requests.map((r) => r.id)).toContain(forFour.json().request.id);
    expect(board.total).toBe(await t.database.db.$count(glyphRequests, eq(glyphRequests.device, 'phone-4a-pro')));
    const bad = await call('GET', '/api/glyph-requests?device=phone-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: MSG.requestDeviceInvalid });
  });

  it('refuses an unknown device with 400 and stores nothing', async () => {
    const before = await countRequests();
    for (const device of ['phone-2', 3, '']) {
      const response = await create({ device });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: MSG.requestDeviceInvalid });
    }
    expect(await countRequests()).toBe(before);
  });

  it('a completed request carries its toy as a card: thumbnail, title, creator; a deleted toy keeps only its title', async () => {
    const glyph = await insertGlyph(t.database, assignee.id, { title: 'Card toy', images: ['/api/files/images/11111111-1111-4111-8111-111111111111.webp'] });
    const row = await insertRequest('completed', { completedGlyphId: glyph.id });
    const shown = (await call('GET', `/api/glyph-requests/${row.id}`)).json() as { request: GlyphRequest };
    expect(shown.request.completed_glyph).toEqual({
      id: glyph.id,
      title: 'Card toy',
      thumbnail: '/api/files/images/11111111-1111-4111-8111-111111111111-thumb.webp',
      creator_username: assignee.username,
      deleted: false,
    });
    await t.database.db.update(glyphs).set({ deletedAt: new Date() }).where(eq(glyphs.id, glyph.id));
    const gone = (await call('GET', `/api/glyph-requests/${row.id}`)).json() as { request: GlyphRequest };
    expect(gone.request.completed_glyph).toMatchObject({ id: glyph.id, thumbnail: null, deleted: true });
  });
});

describe('account deletion', () => {
  it('removes the requests the account created and gives back the ones it took on', async () => {
    const leaving = await createUser(t.app);
    const mine = await insertRequest('open', { userId: leaving.id });
    const takenOn = await insertRequest('in_progress', { assignedTo: leaving.id });
    const doneByMe = await insertRequest('completed', { assignedTo: leaving.id });
    const response = await call('DELETE', '/api/delete-user-data', leaving.auth);
    expect(response.statusCode).toBe(200);
    expect(await readRow(mine.id)).toBeUndefined();
    expect(await readRow(takenOn.id)).toMatchObject({ status: 'open', assignedTo: null });
    expect(await readRow(doneByMe.id)).toMatchObject({ status: 'open', assignedTo: null });
    await expectInvariantI4();
  });

  it('unlinks a completed request whose glyph is hard-deleted', async () => {
    const glyph = await insertGlyph(t.database, assignee.id);
    const row = await insertRequest('completed', { completedGlyphId: glyph.id });
    await t.database.db.delete(glyphs).where(and(eq(glyphs.id, glyph.id)));
    expect(await readRow(row.id)).toMatchObject({ status: 'completed', completedGlyphId: null });
  });
});

describe('invariants after the whole suite', () => {
  it('I4 holds for every request', async () => {
    await expectInvariantI4();
    const statuses = await t.database.db
      .selectDistinct({ status: glyphRequests.status })
      .from(glyphRequests)
      .where(inArray(glyphRequests.status, ['open', 'in_progress', 'completed', 'cancelled']));
    expect(statuses.length).toBeGreaterThan(0);
  });
});
