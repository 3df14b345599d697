/**
 * Issue 19: comments, follows and the Following feed, notifications (exactly once per event, also
 * with two app instances on one database), request votes, the stale-request job (injected clock) and
 * the daily digest with its one-click unsubscribe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COMMUNITY_MSG, MAX_COMMENT, MSG, REQUEST_STALE_DAYS, REQUEST_STALE_GRACE_DAYS } from '@glyphary/shared';
import { buildTestApp, TEST_SECRET, testPasswordHasher, type TestApp } from '../build-test-app.ts';
import { createUser, insertGlyph, makeAdmin, type TestUser } from '../factories.ts';
import { buildApp } from '../../src/app.ts';
import { auditLog, comments, follows, glyphRequests, glyphs, notifications, requestVotes, users } from '../../src/db/schema/index.ts';
import type { Clock } from '../../src/lib/clock.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const DAY = 24 * 60 * 60 * 1000;
// Time is an injected clock: nothing here sleeps.
let nowMs = Date.parse('2026-03-01T12:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
let creator: TestUser;
let fan: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ COMMENT_RATE_LIMIT: '1000' }, { clock });
  creator = await createUser(t.app);
  fan = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app);
  await makeAdmin(t.database, admin.id);
});
afterAll(async () => {
  await t.close();
});

const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const noticesOf = (userId: string, type?: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(type ? and(eq(notifications.userId, userId), eq(notifications.type, type)) : eq(notifications.userId, userId));

describe('comments', () => {
  it('post, list newest first with cursor paging, and the creator is notified once', async () => {
    const glyph = await insertGlyph(t.database, creator.id, { title: 'Talkative' });
    expect((await call('POST', `/api/glyphs/${glyph.id}/comments`, {}, { body: 'hi' })).statusCode).toBe(401);
    const ids: string[] = [];
    for (const text of ['first', 'second', 'third']) {
      nowMs += 1000;
      const response = await call('POST', `/api/glyphs/${glyph.id}/comments`, fan.auth, { body: `  ${text} https://example.com/x  ` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().comment).toMatchObject({ body: `${text} https://example.com/x`, author: { id: fan.id, username: fan.username }, editedAt: null });
      ids.push(response.json().comment.id);
    }
    const page1 = (await call('GET', `/api/glyphs/${glyph.id}/comments?limit=2`)).json();
    expect(page1.comments.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    expect(page1.commentsEnabled).toBe(true);
    const page2 = (await call('GET', `/api/glyphs/${glyph.id}/comments?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.comments.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect(page2.nextCursor).toBeNull();
    expect((await call('GET', `/api/glyphs/${glyph.id}/comments?cursor=garbage`)).statusCode).toBe(400);
    const notices = await noticesOf(creator.id, 'new_comment');
    expect(notices.filter((n) => n.data.glyphId === glyph.id)).toHaveLength(3);
    // The creator's own comment notifies nobody.
    await call('POST', `/api/glyphs/${glyph.id}/comments`, creator.auth, { body: 'thanks' });
    expect((await noticesOf(creator.id, 'new_comment')).filter((n) => n.data.glyphId === glyph.id)).toHaveLength(3);
  });

  it.each([
    ['empty', { body: '' }, COMMUNITY_MSG.commentRequired],
    ['whitespace', { body: '   \n ' }, COMMUNITY_MSG.commentRequired],
    ['missing', {}, COMMUNITY_MSG.commentRequired],
    ['oversize', { body: 'x'.repeat(MAX_COMMENT + 1) }, COMMUNITY_MSG.commentTooLong],
    ['control characters', { body: 'a\u0007b' }, 'Text must not contain control characters'],
  ])('%s body → 400, nothing stored', async (_name, body, message) => {
    const glyph = await insertGlyph(t.database, creator.id);
    const response = await call('POST', `/api/glyphs/${glyph.id}/comments`, fan.auth, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await t.database.db.$count(comments, eq(comments.glyphId, glyph.id))).toBe(0);
  });

  it('deleted, hidden or unknown glyphs → 404 for reading and posting', async () => {
    const deleted = await insertGlyph(t.database, creator.id, { deletedAt: new Date() });
    for (const id of [deleted.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await call('GET', `/api/glyphs/${id}/comments`)).statusCode).toBe(404);
      const response = await call('POST', `/api/glyphs/${id}/comments`, fan.auth, { body: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(MSG.glyphNotFound);
    }
  });

  it('edit own within 15 minutes only; others cannot edit', async () => {
    const glyph = await insertGlyph(t.database, creator.id);
    const id = (await call('POST', `/api/glyphs/${glyph.id}/comments`, fan.auth, { body: 'typo' })).json().comment.id;
    expect((await call('PUT', `/api/comments/${id}`, {}, { body: 'x' })).statusCode).toBe(401);
    expect((await call('PUT', `/api/comments/${id}`, other.auth, { body: 'hijack' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/comments/${id}`, creator.auth, { body: 'hijack' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/comments/${id}`, admin.auth, { body: 'hijack' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/comments/${id}`, fan.auth, { body: '' })).statusCode).toBe(400);
    nowMs += 14 * 60 * 1000;
    const edited = await call('PUT', `/api/comments/${id}`, fan.auth, { body: 'fixed' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment).toMatchObject({ body: 'fixed', editedAt: new Date(nowMs).toISOString() });
    nowMs += 2 * 60 * 1000;
    const late = await call('PUT', `/api/comments/${id}`, fan.auth, { body: 'too late' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toBe(COMMUNITY_MSG.commentEditWindow);
    expect((await t.database.db.select().from(comments).where(eq(comments.id, id)))[0]!.body).toBe('fixed');
    expect((await call('PUT', '/api/comments/00000000-0000-4000-8000-000000000000', fan.auth, { body: 'x' })).statusCode).toBe(404);
  });

  it('delete: the author any time, the glyph creator and admins (audited) can remove; others cannot', async () => {
    const glyph = await insertGlyph(t.database, creator.id);
    const post = async () => (await call('POST', `/api/glyphs/${glyph.id}/comments`, fan.auth, { body: 'hello' })).json().comment.id as string;
    const a = await post();
    expect((await call('DELETE', `/api/comments/${a}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/comments/${a}`, other.auth)).statusCode).toBe(403);
    nowMs += DAY;
    expect((await call('DELETE', `/api/comments/${a}`, fan.auth)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/comments/${a}`, fan.auth)).statusCode).toBe(404);
    const b = await post();
    expect((await call('DELETE', `/api/comments/${b}`, creator.auth)).statusCode).toBe(200);
    const c = await post();
    expect((await call('DELETE', `/api/comments/${c}`, admin.auth)).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, c));
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([['comment.delete', admin.id]]);
    expect(await t.database.db.$count(comments, eq(comments.glyphId, glyph.id))).toBe(0);
  });

  it('the creator turns comments off (others cannot): posting → 403, reading still works; on again', async () => {
    const glyph = await insertGlyph(t.database, creator.id);
    const url = `/api/glyphs/${glyph.id}/comment-settings`;
    expect((await call('PUT', url, {}, { enabled: false })).statusCode).toBe(401);
    expect((await call('PUT', url, fan.auth, { enabled: false })).statusCode).toBe(403);
    expect((await call('PUT', url, admin.auth, { enabled: false })).statusCode).toBe(403);
    expect((await call('PUT', url, creator.auth, { enabled: 'no' })).statusCode).toBe(400);
    expect((await call('PUT', url, creator.auth, { enabled: false })).json()).toEqual({ success: true, commentsEnabled: false });
    const refused = await call('POST', `/api/glyphs/${glyph.id}/comments`, fan.auth, { body: 'hello' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(COMMUNITY_MSG.commentsOff);
    expect(await t.database.db.$count(comments, eq(comments.glyphId, glyph.id))).toBe(0);
    expect((await call('GET', `/api/glyphs/${glyph.id}/comments`)).json()).toMatchObject({ comments: [], commentsEnabled: false });
    await call('PUT', url, creator.auth, { enabled: true });
    expect((await call('POST', `/api/glyphs/${glyph.id}/comments`, fan.auth, { body: 'hello' })).statusCode).toBe(200);
  });

  it('is rate-limited per user', async () => {
    const limited = await buildTestApp({ COMMENT_RATE_LIMIT: '2' });
    try {
      const [u, c] = [await createUser(limited.app), await createUser(limited.app)];
      const glyph = await insertGlyph(limited.database, c.id);
      const post = () => limited.app.inject({ method: 'POST', url: `/api/glyphs/${glyph.id}/comments`, headers: u.auth, payload: { body: 'x' } });
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
      const over = await post();
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toBe(COMMUNITY_MSG.rateLimited);
      expect(await limited.database.db.$count(comments)).toBe(2);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('follows, the Following feed and new-glyph notifications', () => {
  it('follow/unfollow (idempotent), counts, errors; a followed creator\'s new glyph reaches the feed and the bell once', async () => {
    const url = `/api/users/${creator.id}/follow`;
    expect((await call('POST', url)).statusCode).toBe(401);
    expect((await call('POST', `/api/users/${fan.id}/follow`, fan.auth)).json().error).toBe(COMMUNITY_MSG.followSelf);
    expect((await call('POST', '/api/users/ghost-user/follow', fan.auth)).statusCode).toBe(404);
    expect((await call('POST', url, fan.auth)).json()).toEqual({ following: true, followers: 1 });
    expect((await call('POST', url, fan.auth)).json()).toEqual({ following: true, followers: 1 });
    expect((await call('GET', url)).json()).toEqual({ following: false, followers: 1 });
    expect((await call('GET', url, fan.auth)).json()).toEqual({ following: true, followers: 1 });
    expect(await t.database.db.$count(follows, eq(follows.followerId, fan.id))).toBe(1);

    nowMs += 1000;
    const created = await call('POST', '/api/upload-glyph', creator.auth, { title: 'Fresh toy', description: 'New', githubUrl: 'https://github.com/a/b' });
    expect(created.statusCode).toBe(200);
    const glyphId = created.json().id;
    const feed = (await call('GET', '/api/following', fan.auth)).json();
    expect(feed.entries.find((e: { glyph: { id: string } }) => e.glyph.id === glyphId)).toMatchObject({ kind: 'glyph', release: null, glyph: { title: 'Fresh toy', creatorId: creator.id } });
    expect(feed.entries.every((e: { glyph: { creatorId: string } }) => e.glyph.creatorId === creator.id)).toBe(true);
    expect((await call('GET', '/api/following')).statusCode).toBe(401);
    const bell = (await call('GET', '/api/notifications', fan.auth)).json();
    expect(bell.notifications[0]).toMatchObject({ type: 'new_glyph', text: `@${creator.username} shared a new glyph: "Fresh toy"`, link: `/glyph/${glyphId}`, read: false });
    expect((await noticesOf(fan.id, 'new_glyph')).filter((n) => n.data.glyphId === glyphId)).toHaveLength(1);
    // Someone who does not follow gets nothing.
    expect((await noticesOf(other.id, 'new_glyph')).filter((n) => n.data.glyphId === glyphId)).toHaveLength(0);

    expect((await call('DELETE', url, fan.auth)).json()).toEqual({ following: false, followers: 0 });
    expect((await call('DELETE', url, fan.auth)).json()).toEqual({ following: false, followers: 0 });
    expect((await call('GET', '/api/following', fan.auth)).json().entries).toEqual([]);
  });
});

describe('notifications: list, unread count, mark read', () => {
  it('marks ids or all as read, only the caller\'s own; bad input → 400', async () => {
    const reader = await createUser(t.app);
    for (let i = 0; i < 3; i += 1) {
      await t.database.db.insert(notifications).values({ userId: reader.id, type: 'new_glyph', eventKey: `test:${i}`, data: { title: `G${i}` } });
    }
    const theirs = (await t.database.db.insert(notifications).values({ userId: other.id, type: 'new_glyph', eventKey: 'test:other', data: {} }).returning())[0]!;
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    const list = (await call('GET', '/api/notifications', reader.auth)).json();
    expect(list.unread).toBe(3);
    expect((await call('POST', '/api/notifications/read', reader.auth, {})).statusCode).toBe(400);
    expect((await call('POST', '/api/notifications/read', reader.auth, { ids: [] })).statusCode).toBe(400);
    expect((await call('POST', '/api/notifications/read', reader.auth, { all: false })).statusCode).toBe(400);
    const one = await call('POST', '/api/notifications/read', reader.auth, { ids: [list.notifications[0].id, theirs.id] });
    expect(one.json()).toEqual({ success: true, unread: 2 });
    expect((await t.database.db.select().from(notifications).where(eq(notifications.id, theirs.id)))[0]!.readAt).toBeNull();
    expect((await call('POST', '/api/notifications/read', reader.auth, { all: true })).json()).toEqual({ success: true, unread: 0 });
  });
});

describe('request notifications are created exactly once per event', () => {
  it('taken on / completed → requester; cancelled → assignee; admin reset → assignee', async () => {
    const requester = await createUser(t.app);
    const taker = await createUser(t.app);
    const make = async () =>
      (await call('POST', '/api/glyph-requests', requester.auth, { title: 'Clock', description: 'Shows time' })).json().id as string;
    const r1 = await make();
    expect((await call('POST', `/api/glyph-requests/${r1}/take-on`, taker.auth, {})).statusCode).toBe(200);
    // A second take-on (409) adds nothing.
    expect((await call('POST', `/api/glyph-requests/${r1}/take-on`, other.auth, {})).statusCode).toBe(409);
    expect((await call('POST', `/api/glyph-requests/${r1}/complete`, taker.auth, {})).statusCode).toBe(200);
    const requesterNotices = (await noticesOf(requester.id)).filter((n) => n.data.requestId === r1).map((n) => n.type).sort();
    expect(requesterNotices).toEqual(['request_completed', 'request_taken']);
    const r2 = await make();
    await call('POST', `/api/glyph-requests/${r2}/take-on`, taker.auth, {});
    expect((await call('POST', `/api/glyph-requests/${r2}/cancel`, requester.auth, {})).statusCode).toBe(200);
    const r3 = await make();
    await call('POST', `/api/glyph-requests/${r3}/take-on`, taker.auth, {});
    expect((await call('POST', `/api/admin/glyph-requests/${r3}/reset`, admin.auth, {})).statusCode).toBe(200);
    const takerNotices = (await noticesOf(taker.id)).filter((n) => [r2, r3].includes(n.data.requestId ?? '')).map((n) => n.type).sort();
    expect(takerNotices).toEqual(['request_cancelled', 'request_reset']);
    const text = (await call('GET', '/api/notifications', requester.auth)).json().notifications.map((n: { text: string }) => n.text);
    expect(text).toContain(`@${taker.username} took on your request "Clock"`);
  });

  it('two app instances on one database racing the same take-on and the same stale-request pass notify once', async () => {
    const second = await buildApp({ env: t.env, database: t.database, secret: TEST_SECRET, passwordHasher: testPasswordHasher, clock, mailer: { send: async () => undefined } });
    await second.ready();
    try {
      const requester = await createUser(t.app);
      const takers = [await createUser(t.app), await createUser(t.app)];
      const id = (await call('POST', '/api/glyph-requests', requester.auth, { title: 'Race', description: 'd' })).json().id;
      const results = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/glyph-requests/${id}/take-on`, headers: takers[0]!.auth, payload: {} }),
        second.inject({ method: 'POST', url: `/api/glyph-requests/${id}/take-on`, headers: takers[1]!.auth, payload: {} }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await noticesOf(requester.id, 'request_taken')).filter((n) => n.data.requestId === id)).toHaveLength(1);

      // Stale: both instances run their job pass at the same moment.
      nowMs += (REQUEST_STALE_DAYS + 1) * DAY;
      await Promise.all([t.app.glyphary.communityJobs!.runOnce(), second.glyphary.communityJobs!.runOnce()]);
      const winner = (await t.database.db.select().from(glyphRequests).where(eq(glyphRequests.id, id)))[0]!.assignedTo!;
      expect((await noticesOf(winner, 'request_stale_reminder')).filter((n) => n.data.requestId === id)).toHaveLength(1);
      await Promise.all([t.app.glyphary.communityJobs!.runOnce(), second.glyphary.communityJobs!.runOnce()]);
      expect((await noticesOf(winner, 'request_stale_reminder')).filter((n) => n.data.requestId === id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 120_000);
});

describe('stale taken requests (injected clock)', () => {
  it('reminder after 14 idle days, back to open after the grace period; still-working restarts the clock', async () => {
    const requester = await createUser(t.app);
    const taker = await createUser(t.app);
    const id = (await call('POST', '/api/glyph-requests', requester.auth, { title: 'Slow', description: 'd' })).json().id;
    await call('POST', `/api/glyph-requests/${id}/take-on`, taker.auth, {});
    const run = () => t.app.glyphary.communityJobs!.runOnce();
    const row = async () => (await t.database.db.select().from(glyphRequests).where(eq(glyphRequests.id, id)))[0]!;

    nowMs += (REQUEST_STALE_DAYS - 1) * DAY;
    await run();
    expect((await row()).remindedAt).toBeNull();
    nowMs += 2 * DAY;
    await run();
    expect((await row()).remindedAt).not.toBeNull();
    expect((await noticesOf(taker.id, 'request_stale_reminder')).filter((n) => n.data.requestId === id)).toHaveLength(1);

    // The assignee is still on it: the clock restarts and nothing goes back.
    expect((await call('POST', `/api/glyph-requests/${id}/still-working`, other.auth)).statusCode).toBe(403);
    expect((await call('POST', `/api/glyph-requests/${id}/still-working`, taker.auth)).statusCode).toBe(200);
    nowMs += (REQUEST_STALE_GRACE_DAYS + 1) * DAY;
    await run();
    expect((await row()).status).toBe('in_progress');

    // Idle again: a second reminder (a new assignment period), then back to open after the grace.
    nowMs += REQUEST_STALE_DAYS * DAY;
    await run();
    expect((await noticesOf(taker.id, 'request_stale_reminder')).filter((n) => n.data.requestId === id)).toHaveLength(2);
    expect((await row()).status).toBe('in_progress');
    nowMs += (REQUEST_STALE_GRACE_DAYS + 1) * DAY;
    await run();
    const after = await row();
    expect(after).toMatchObject({ status: 'open', assignedTo: null });
    const reset = (await noticesOf(taker.id, 'request_reset')).filter((n) => n.data.requestId === id);
    expect(reset).toHaveLength(1);
    expect(reset[0]!.data.reason).toBe('stale');
  });
});

describe("votes: 'I want this too'", () => {
  it('one per person, open only, not your own; the board sorts by votes', async () => {
    const requester = await createUser(t.app);
    const make = async (title: string) => (await call('POST', '/api/glyph-requests', requester.auth, { title, description: 'd' })).json().id as string;
    const quiet = await make('Quiet');
    const popular = await make('Popular');
    const vote = (id: string, who: TestUser, method: Method = 'POST') => call(method, `/api/glyph-requests/${id}/vote`, who.auth);
    expect((await call('POST', `/api/glyph-requests/${popular}/vote`)).statusCode).toBe(401);
    expect((await vote(popular, requester)).statusCode).toBe(403);
    expect((await vote(popular, fan)).json()).toEqual({ voted: true, votes: 1 });
    expect((await vote(popular, fan)).json()).toEqual({ voted: true, votes: 1 });
    expect((await vote(popular, other)).json()).toEqual({ voted: true, votes: 2 });
    expect((await vote(popular, other, 'DELETE')).json()).toEqual({ voted: false, votes: 1 });
    expect(await t.database.db.$count(requestVotes, eq(requestVotes.requestId, popular))).toBe(1);
    expect((await call('GET', `/api/request-votes?ids=${popular},${quiet}`, fan.auth)).json()).toEqual({ voted: [popular] });
    const board = (await call('GET', '/api/glyph-requests?sort=votes&limit=100')).json();
    const order = board.requests.map((r: { id: string }) => r.id);
    expect(order.indexOf(popular)).toBeLessThan(order.indexOf(quiet));
    expect(board.requests.find((r: { id: string }) => r.id === popular).votes).toBe(1);
    expect((await call('GET', '/api/glyph-requests?sort=loudest')).statusCode).toBe(400);
    // Taken → no more votes (409), nothing stored.
    await call('POST', `/api/glyph-requests/${quiet}/take-on`, fan.auth, {});
    const closed = await vote(quiet, other);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(COMMUNITY_MSG.voteNotOpen);
    expect(await t.database.db.$count(requestVotes, eq(requestVotes.requestId, quiet))).toBe(0);
    expect((await vote('00000000-0000-4000-8000-000000000000', other)).statusCode).toBe(404);

    // A deleted account's votes are taken back with it (votes = count(request_votes)).
    const leaving = await createUser(t.app);
    expect((await vote(popular, leaving)).json()).toEqual({ voted: true, votes: 2 });
    expect((await call('DELETE', '/api/delete-user-data', leaving.auth)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(glyphRequests).where(eq(glyphRequests.id, popular));
    expect(row!.votes).toBe(await t.database.db.$count(requestVotes, eq(requestVotes.requestId, popular)));
    expect(row!.votes).toBe(1);
  });
});

describe('daily digest (off by default) and one-click unsubscribe', () => {
  it('mails opted-in users their unread notices once a day; the signed link turns it off', async () => {
    const reader = await createUser(t.app);
    expect((await call('GET', '/api/notifications/settings', reader.auth)).json()).toEqual({ digestEmail: false });
    await t.database.db.insert(notifications).values({ userId: reader.id, type: 'new_glyph', eventKey: 'digest:1', data: { title: 'Dot clock', actorUsername: 'maker' } });
    t.mails.length = 0;
    await t.app.glyphary.communityJobs!.runOnce();
    expect(t.mails.filter((m) => m.to === reader.email)).toHaveLength(0);

    expect((await call('PUT', '/api/notifications/settings', reader.auth, { digestEmail: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/notifications/settings', reader.auth, { digestEmail: true })).json()).toEqual({ digestEmail: true });
    await t.app.glyphary.communityJobs!.runOnce();
    const mail = t.mails.find((m) => m.to === reader.email);
    expect(mail?.text).toContain('@maker shared a new glyph: "Dot clock"');
    // Same day: nothing more.
    await t.app.glyphary.communityJobs!.runOnce();
    expect(t.mails.filter((m) => m.to === reader.email)).toHaveLength(1);

    const link = /(http\S+\/api\/notifications\/unsubscribe\S+)/.exec(mail!.text)![1]!;
    const path = link.replace('http://localhost:3000', '');
    const forged = path.replace(/t=[^&]+/, 't=forged');
    expect((await call('GET', forged)).statusCode).toBe(400);
    expect((await t.database.db.select().from(users).where(eq(users.id, reader.id)))[0]!.digestEmail).toBe(true);
    const done = await call('GET', path);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(COMMUNITY_MSG.unsubscribeDone);
    expect((await t.database.db.select().from(users).where(eq(users.id, reader.id)))[0]!.digestEmail).toBe(false);
  });
});

describe('hidden glyphs stay out of the Following feed', () => {
  it('a hidden glyph is not in the feed', async () => {
    const c = await createUser(t.app);
    const f = await createUser(t.app);
    await call('POST', `/api/users/${c.id}/follow`, f.auth);
    const g = await insertGlyph(t.database, c.id);
    expect((await call('GET', '/api/following', f.auth)).json().entries.map((x: { glyph: { id: string } }) => x.glyph.id)).toEqual([g.id]);
    await t.database.db.update(glyphs).set({ deletedAt: new Date(), hiddenAt: new Date() }).where(eq(glyphs.id, g.id));
    expect((await call('GET', '/api/following', f.auth)).json().entries).toEqual([]);
  });
});
