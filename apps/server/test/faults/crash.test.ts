import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.ts';
import { makeApk, makePng, multipart } from '../file-fixtures.ts';
import { call, countOf, createGlyph, describeOnPglite, expectInvariants, faultHarness, signUp, waitFor } from './helpers.ts';

// SECURITY.md §5, crash faults on the embedded database (PGlite), each against the real server process:
// R1 kill -9 during an upload, R2 kill -9 mid-signup, R9 kill -9 during account deletion, R11 kill -9
// during a stream of likes. After each: restart on the same DATA_DIR, then I1–I7 on the stopped data.

const harness = faultHarness();
const start = harness.start;

async function uploadOver(base: string, token: string, type: 'images' | 'apks', data: Buffer) {
  const body = multipart([
    { name: 'type', value: type },
    { name: 'file', value: data, filename: type === 'apks' ? 'toy.apk' : 'image.png' },
  ]);
  const response = await fetch(`${base}/api/upload-file`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${token}`, origin: 'http://localhost:3000' },
    body: body.payload,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describeOnPglite('R1: kill -9 during a 40 MB upload', () => {
  it('leaves no temp file after the boot GC, no row for the aborted upload, and I5 holds', async () => {
    const dataDir = harness.dataDir('r1', { migrated: true });
    const first = await start(dataDir);
    const user = await signUp(first.url);
    // A finished upload before the crash: it must survive intact (I5 checks size and sha256).
    const kept = await uploadOver(first.url, user.token, 'apks', makeApk());
    expect(kept.status).toBe(200);

    const total = 40 * 1024 * 1024;
    const boundary = '----glypharyfaultr1';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\napks\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.apk"\r\nContent-Type: application/vnd.android.package-archive\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const request = http.request(`${first.url}/api/upload-file`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + total + tail.length),
        authorization: `Bearer ${user.token}`,
        origin: 'http://localhost:3000',
      },
    });
    const outcome = new Promise<string>((resolve) => {
      request.on('error', (error) => resolve(`error: ${error.message}`));
      request.on('response', (response) => resolve(`status ${response.statusCode}`));
    });
    request.write(head);
    // The first half, then nothing more: the server holds a half-written temp file when it is killed.
    const chunk = Buffer.alloc(1024 * 1024, 0x5a);
    for (let sent = 0; sent < total / 2; sent += chunk.length) request.write(chunk);
    const tempDir = path.join(dataDir, 'files', 'tmp');
    const partial = await waitFor(
      () => {
        const names = fs.readdirSync(tempDir).filter((name) => name.endsWith('.part'));
        const big = names.find((name) => fs.statSync(path.join(tempDir, name)).size >= total / 2 - 4 * 1024 * 1024);
        return big;
      },
      60_000,
      'half of the upload on disk',
    );
    await harness.killHard(first);
    expect(await outcome).toMatch(/^error/);
    expect(fs.existsSync(path.join(tempDir, partial))).toBe(true); // the crash left it behind

    const second = await start(dataDir);
    // onReady ran the sweep before "Server listening": the temp directory is empty.
    expect(fs.readdirSync(tempDir)).toEqual([]);
    expect((await call(second.url, 'GET', '/api/health')).status).toBe(200);
    await harness.checkStopped(second, dataDir, async (database, results) => {
      const rows = await queryRows<{ original_name: string; size: number }>(
        database.db,
        sql`select original_name, size from files`,
      );
      // No row for big.apk; toy.apk's extracted toy previews are rows of their own.
      expect(rows.map((r) => r.original_name).filter((name) => name.endsWith('.apk'))).toEqual(['toy.apk']);
      expectInvariants(results);
    });
  }, 180_000);
});

describeOnPglite('R2: kill -9 mid-signup (after the user row, before its credential account)', () => {
  it('loses the whole sign-up: I6 holds and the same email and username sign up again', async () => {
    const dataDir = harness.dataDir('r2', { migrated: true });
    const first = await start(dataDir, { FAILPOINTS: 'auth_user_created:kill' });
    const fields = {
      email: `r2_${Date.now()}@example.test`,
      username: `r2_${Date.now().toString(36)}`,
      name: 'Crash Signup',
      password: 'glyph-pass-1',
    };
    await expect(call(first.url, 'POST', '/api/auth/sign-up/email', { json: fields })).rejects.toThrow();
    expect((await harness.waitForExit(first)).signal).toBe('SIGKILL');

    const second = await start(dataDir);
    const again = await call(second.url, 'POST', '/api/auth/sign-up/email', { json: fields });
    expect(again.status).toBe(200);
    const signIn = await call(second.url, 'POST', '/api/auth/sign-in/email', {
      json: { email: fields.email, password: fields.password },
    });
    expect(signIn.status).toBe(200);
    await harness.checkStopped(second, dataDir, async (database, results) => {
      const accounts = await countOf(
        database,
        sql`select count(*)::int as n from users where lower(email) = lower(${fields.email})`,
      );
      expect(accounts).toBe(1);
      expectInvariants(results);
    });
  }, 180_000);
});

describeOnPglite('R9: kill -9 during account deletion, after half of the user’s glyphs are deleted', () => {
  it('keeps everything, then a second delete succeeds; I1 and I7 hold for the others', async () => {
    const dataDir = harness.dataDir('r9', { migrated: true });
    const first = await start(dataDir, { FAILPOINTS: 'account_half_glyphs_deleted:kill' });
    const leaving = await signUp(first.url);
    const staying = await signUp(first.url);
    const leavingGlyphs: string[] = [];
    for (let i = 0; i < 4; i += 1) leavingGlyphs.push(await createGlyph(first.url, leaving.token, `Leaving ${i}`));
    const stayingGlyph = await createGlyph(first.url, staying.token, 'Staying');
    expect(
      (await call(first.url, 'POST', '/api/toggle-like', { token: leaving.token, json: { glyphId: stayingGlyph } })).status,
    ).toBe(200);
    expect(
      (await call(first.url, 'POST', '/api/toggle-like', { token: staying.token, json: { glyphId: leavingGlyphs[0] } })).status,
    ).toBe(200);
    expect((await uploadOver(first.url, leaving.token, 'images', await makePng())).status).toBe(200);

    await expect(call(first.url, 'DELETE', '/api/delete-user-data', { token: leaving.token })).rejects.toThrow();
    expect((await harness.waitForExit(first)).signal).toBe('SIGKILL');

    const second = await start(dataDir);
    // All or nothing: the account, its four glyphs and both likes are still there.
    const profile = await call(second.url, 'GET', `/api/get-user/${leaving.id}`);
    expect(profile.status).toBe(200);
    for (const id of leavingGlyphs) {
      const glyph = await call(second.url, 'GET', `/api/get-glyph/${id}`);
      expect(glyph.status).toBe(200);
      expect((glyph.json.glyph as { deleted?: boolean }).deleted).toBeFalsy();
    }
    const stayingNow = await call(second.url, 'GET', `/api/get-glyph/${stayingGlyph}`);
    expect((stayingNow.json.glyph as { likes: number }).likes).toBe(1);

    // Re-running the delete (the session survived: it is still fresh) succeeds.
    const retry = await call(second.url, 'DELETE', '/api/delete-user-data', { token: leaving.token });
    expect(retry).toEqual({ status: 200, json: { success: true } });
    expect((await call(second.url, 'GET', `/api/get-user/${leaving.id}`)).status).toBe(404);
    await harness.checkStopped(second, dataDir, async (database, results) => {
      expect(await countOf(database, sql`select count(*)::int as n from glyphs where creator_id = ${leaving.id}`)).toBe(0);
      // From the database: get-glyph answers from a 1 s public read cache.
      const [staying] = await queryRows<{ likes: number }>(database.db, sql`select likes from glyphs where id = ${stayingGlyph}`);
      expect(staying?.likes).toBe(0);
      expectInvariants(results);
    });
  }, 180_000);
});

describeOnPglite('R11: kill -9 during 50 likes/s on PGlite', () => {
  it('reopens the data directory with every acknowledged like present (I1, I3)', async () => {
    const dataDir = harness.dataDir('r11', { migrated: true });
    const first = await start(dataDir);
    const creator = await signUp(first.url);
    const glyphIds: string[] = [];
    for (let i = 0; i < 6; i += 1) glyphIds.push(await createGlyph(first.url, creator.token, `Likeable ${i}`));
    const fans: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let i = 0; i < 8; i += 1) fans.push(await signUp(first.url));
    const pairs = fans.flatMap((fan) => glyphIds.map((glyphId) => ({ fan, glyphId })));

    // A fixed arrival rate of 50/s (one every 20 ms), each (user, glyph) liked once; kill -9 after 20 acks.
    const acknowledged: Array<{ userId: string; glyphId: string }> = [];
    const pending: Array<Promise<void>> = [];
    let killed = false;
    await new Promise<void>((resolve) => {
      let index = 0;
      const timer = setInterval(() => {
        if (killed || index >= pairs.length) {
          clearInterval(timer);
          resolve();
          return;
        }
        const { fan, glyphId } = pairs[index]!;
        index += 1;
        pending.push(
          call(first.url, 'POST', '/api/toggle-like', { token: fan.token, json: { glyphId }, timeoutMs: 10_000 })
            .then((response) => {
              if (response.status === 200 && response.json.liked === true) acknowledged.push({ userId: fan.id, glyphId });
              if (!killed && acknowledged.length >= 20) {
                killed = true;
                first.process.kill('SIGKILL');
              }
            })
            .catch(() => undefined),
        );
      }, 20);
    });
    await Promise.all(pending);
    if (!killed) first.process.kill('SIGKILL');
    expect((await harness.waitForExit(first)).signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    const second = await start(dataDir);
    expect((await call(second.url, 'GET', '/api/health')).status).toBe(200);
    await harness.checkStopped(second, dataDir, async (database, results) => {
      const rows = await queryRows<{ user_id: string; glyph_id: string }>(
        database.db,
        sql`select user_id, glyph_id from glyph_likes`,
      );
      const present = new Set(rows.map((r) => `${r.user_id}/${r.glyph_id}`));
      const missing = acknowledged.filter((like) => !present.has(`${like.userId}/${like.glyphId}`));
      expect(missing).toEqual([]);
      expectInvariants(results);
    });
  }, 180_000);
});
