import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@glyphary/shared';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin } from '../factories.ts';

// GET /metrics (issue 11): Prometheus text for loopback callers or the METRICS_TOKEN bearer, never for the
// world through the proxy. light-my-request's default remote address is 127.0.0.1.
const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
});

const scrape = (options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...options });

describe('GET /metrics', () => {
  it('answers a direct loopback caller in the Prometheus text format, with request counts and latencies by route pattern', async () => {
    const user = await createUser(t.app);
    const glyph = await insertGlyph(t.database, user.id);
    await t.app.inject({ url: `/api/get-glyph/${glyph.id}` });
    await t.app.inject({ url: '/api/get-glyph/00000000-0000-4000-8000-000000000000' });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    // The pattern, never the id: the label set stays bounded.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/get-glyph\/:id",status_code="200"\} 1\b/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/get-glyph\/:id",status_code="404"\} 1\b/);
    expect(text).not.toContain(glyph.id);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/get-glyph\/:id",status_code="200"\} \d+/,
    );
    expect(text).toMatch(/process_cpu_seconds_total \d/);
    // The pool gauges exist on PostgreSQL only (PGlite has no pool).
    if (t.database.kind === 'postgres') expect(text).toMatch(/glyphary_db_pool_connections\{state="idle"\} \d+/);
    else expect(text).not.toContain('glyphary_db_pool_connections');
  });

  it('times the session lookup and the write-limit count of each request, and on PostgreSQL every pool checkout', async () => {
    const user = await createUser(t.app);
    const glyph = await insertGlyph(t.database, user.id);
    const read = (text: string, pattern: string) => Number(new RegExp(`^${pattern} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
    const phase = (text: string, name: string) => read(text, `glyphary_request_phase_seconds_count\\{phase="${name}"\\}`);
    const before = (await scrape()).body;

    // A signed-in read looks the session up once; a signed-in write looks it up once (the access check and the
    // write limit share it) and counts the write once. A scrape carries no credentials and looks up nothing.
    const status = await t.app.inject({ url: `/api/check-like-status?glyphId=${glyph.id}`, headers: user.auth });
    expect(status.statusCode).toBe(200);
    const like = await t.app.inject({ method: 'POST', url: '/api/toggle-like', headers: user.auth, payload: { glyphId: glyph.id } });
    expect(like.statusCode).toBe(200);
    const after = (await scrape()).body;

    expect(phase(after, 'session_lookup') - phase(before, 'session_lookup')).toBe(2);
    expect(phase(after, 'write_limit') - phase(before, 'write_limit')).toBe(1);
    expect(after).toMatch(/glyphary_request_phase_seconds_bucket\{le="0\.1",phase="session_lookup"\} \d+/);
    if (t.database.kind === 'postgres') {
      // Each statement of the two requests took a connection from the pool.
      const acquired = (text: string) => read(text, 'glyphary_db_pool_acquire_seconds_count');
      expect(acquired(after) - acquired(before)).toBeGreaterThanOrEqual(3);
      expect(read(after, 'glyphary_db_pool_connections_opened_total')).toBeGreaterThanOrEqual(1);
    } else {
      expect(after).not.toContain('glyphary_db_pool_acquire_seconds');
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, times the wait for a pool connection when every one is in use', async () => {
    // The test pool holds 10 connections (createTestDatabase): eleven statements of 0.3 s at once leave one
    // waiting for the first connection to come back, ~0.3 s.
    const waitedOver = (text: string, bound: string) =>
      Number(/^glyphary_db_pool_acquire_seconds_count (\S+)$/m.exec(text)?.[1]) -
      Number(new RegExp(`^glyphary_db_pool_acquire_seconds_bucket\\{le="${bound}"\\} (\\S+)$`, 'm').exec(text)?.[1]);
    const before = waitedOver((await scrape()).body, '0.1');
    await Promise.all(Array.from({ length: 11 }, () => t.database.db.execute(sql`select pg_sleep(0.3)`)));
    const after = waitedOver((await scrape()).body, '0.1');
    expect(after - before).toBeGreaterThanOrEqual(1);
  });

  it('counts count-sync runs by outcome and reports the last run from the database', async () => {
    const admin = await createUser(t.app);
    await makeAdmin(t.database, admin.id);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sync-glyph-counts',
      headers: admin.auth,
      payload: { syncAll: true },
    });
    expect(run.statusCode).toBe(200);
    const text = (await scrape()).body;
    expect(text).toMatch(/glyphary_sync_runs_total\{outcome="ok"\} 1\b/);
    expect(text).toMatch(/glyphary_sync_running 0\b/);
    const lastRun = Number(/^glyphary_sync_last_run_timestamp_seconds (\S+)$/m.exec(text)?.[1]);
    expect(lastRun).toBeGreaterThan(Date.now() / 1000 - 600);
  });

  it('refuses callers that are not on this machine, and loopback requests that came through a proxy', async () => {
    const refusedCallers: Array<{ headers?: Record<string, string>; remoteAddress?: string }> = [
      { remoteAddress: '203.0.113.5' },
      { remoteAddress: '10.0.0.2' },
      { headers: { 'x-forwarded-for': '203.0.113.5' } },
      { headers: { forwarded: 'for=203.0.113.5' } },
      { headers: { 'x-real-ip': '203.0.113.5' } },
      { remoteAddress: '203.0.113.5', headers: { authorization: `Bearer ${TOKEN}x` } },
      { remoteAddress: '203.0.113.5', headers: { authorization: `Bearer ${TOKEN.slice(1)}` } },
      { remoteAddress: '203.0.113.5', headers: { authorization: TOKEN } },
    ];
    for (const options of refusedCallers) {
      const response = await scrape(options);
      expect(response.statusCode, JSON.stringify(options)).toBe(403);
      expect(response.json()).toMatchObject({ error: MSG.forbidden });
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('answers any caller with the METRICS_TOKEN bearer', async () => {
    const response = await scrape({
      remoteAddress: '203.0.113.5',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.5' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('http_requests_total');
  });

  it('is reachable on IPv6 loopback too', async () => {
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
  });
});
