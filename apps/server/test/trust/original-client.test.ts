/**
 * Issue 46 item 8: the original front end's calls (spec §7: "All product calls go to /api{path} with JSON
 * and, when logged in, an Authorization bearer token") against a listening server. It sends
 * `Content-Type: application/json` on every call, with or without a body; fetch() sends what it sent.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await t.close();
});

/** The original client's request: JSON content type always, the bearer token when signed in, a body only when given. */
async function call(method: string, path: string, user?: TestUser, body?: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(user ? { Authorization: user.auth.authorization } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, data: (await response.json()) as Record<string, unknown> };
}

/** One call that must answer 200; the answer's body is shown when it does not. */
async function ok(method: string, path: string, user: TestUser): Promise<void> {
  const { status, data } = await call(method, path, user);
  expect(status, `${method} ${path}: ${JSON.stringify(data)}`).toBe(200);
}

async function createRequest(user: TestUser): Promise<string> {
  const { status, data } = await call('POST', '/glyph-requests', user, { title: 'Original client request', description: 'A request made by the original client', tags: [], reference_images: [], reference_files: [] });
  expect(status, JSON.stringify(data)).toBe(200);
  return ((data.request as { id?: string } | undefined)?.id ?? data.id) as string;
}

describe('issue 46 item 8: the original API contract', () => {
  it('record-view and record-download answer `recorded`', async () => {
    const creator = await createUser(t.app);
    const glyph = await insertGlyph(t.database, creator.id);
    for (const path of ['/record-view', '/record-download']) {
      const { status, data } = await call('POST', path, undefined, { glyphId: glyph.id });
      expect(status, path).toBe(200);
      expect(data.recorded, path).toBe(true);
      // A second call from the same visitor is not counted again, and is still recorded for the client.
      const again = await call('POST', path, undefined, { glyphId: glyph.id });
      expect(again.data, path).toMatchObject({ recorded: true, counted: false });
    }
  });

  it('bodiless calls with Content-Type: application/json act as an empty object on every route', async () => {
    const admin = await createUser(t.app);
    await makeAdmin(t.database, admin.id);
    const requester = await createUser(t.app);
    const taker = await createUser(t.app);

    const takeOn = await createRequest(requester);
    await ok('POST', `/glyph-requests/${takeOn}/take-on`, taker);
    await ok('POST', `/glyph-requests/${takeOn}/complete`, taker);
    const cancel = await createRequest(requester);
    await ok('POST', `/glyph-requests/${cancel}/cancel`, requester);
    const forced = await createRequest(requester);
    await ok('POST', `/glyph-requests/${forced}/take-on`, taker);
    await ok('POST', `/admin/glyph-requests/${forced}/force-complete`, admin);
    await ok('POST', `/admin/glyph-requests/${forced}/reset`, admin);
    await ok('DELETE', `/admin/glyph-requests/${forced}`, admin);

    const own = await insertGlyph(t.database, requester.id);
    await ok('DELETE', `/delete-glyph/${own.id}`, requester);
    const other = await insertGlyph(t.database, requester.id);
    await ok('DELETE', `/admin/glyphs/${other.id}`, admin);

    await ok('POST', `/admin/make-admin/${taker.id}`, admin);
    const leaving = await createUser(t.app);
    await ok('DELETE', '/delete-user-data', leaving);
  });

  it('a malformed JSON body is still refused', async () => {
    const user = await createUser(t.app);
    const response = await fetch(`${base}/update-user`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: user.auth.authorization }, body: '{' });
    expect(response.status).toBe(400);
  });
});
