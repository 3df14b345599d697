import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@glyphary/shared';
import { actorOf } from './discovery.actor.ts';
import { decodeCursor, encodeCursor } from './discovery.cursor.ts';
import type { DiscoveryRepository } from './discovery.repository.ts';
import { clampLimit, createDiscoveryService, type SearchPort } from './discovery.service.ts';

const SECRET = 'unit-secret-unit-secret-unit-secret-0000';
const ID = '11111111-1111-4111-8111-111111111111';

function fakeRepository(overrides: Partial<DiscoveryRepository> = {}): DiscoveryRepository {
  return {
    listGlyphs: vi.fn(async () => []),
    recordEvent: vi.fn(async () => ({ counted: true, total: 1 })),
    toggleLike: vi.fn(async () => ({ liked: true, totalLikes: 1 })),
    isLiveGlyph: vi.fn(async () => true),
    hasLike: vi.fn(async () => false),
    listLikedGlyphs: vi.fn(async () => []),
    countLikedGlyphs: vi.fn(async () => 0),
    userExists: vi.fn(async () => true),
    creatorTotals: vi.fn(async () => ({ glyphs: 0, downloads: 0, likes: 0 })),
    ...overrides,
  } as DiscoveryRepository;
}

describe('clampLimit', () => {
  it('clamps to 1..100 for everyone and 1..1000 for admins, defaulting to 100', () => {
    expect(clampLimit(undefined, false)).toBe(100);
    expect(clampLimit(12, false)).toBe(12);
    expect(clampLimit(1000, false)).toBe(100);
    expect(clampLimit(1000, true)).toBe(1000);
    expect(clampLimit(5000, true)).toBe(1000);
    expect(clampLimit(0, false)).toBe(1);
  });
});

describe('listGlyphs', () => {
  it('falls back to latest without a search term, and delegates a term to the search port', async () => {
    const discovery = fakeRepository();
    const search: SearchPort = { search: vi.fn(async () => ({ rows: [], nextCursor: 'next' })) };
    const service = createDiscoveryService({ discovery, search, secret: SECRET });
    await service.listGlyphs({ sort: 'relevance', limit: 12 }, { isAdmin: false });
    const noFilters = { has: undefined, tags: undefined, device: undefined };
    expect(discovery.listGlyphs).toHaveBeenCalledWith({ sort: 'latest', limit: 12, creatorId: undefined, after: undefined, filters: noFilters });
    const page = await service.listGlyphs({ search: '  boot  ', limit: 500, creator_id: 'abc' }, { isAdmin: false });
    expect(search.search).toHaveBeenCalledWith({ term: 'boot', sort: 'relevance', limit: 100, cursor: undefined, creatorId: 'abc', filters: noFilters });
    expect(page.nextCursor).toBe('next');
  });

  it('refuses a cursor made for another sort', async () => {
    const service = createDiscoveryService({ discovery: fakeRepository(), secret: SECRET });
    const cursor = encodeCursor({ sort: 'latest', createdAt: '2026-01-01T00:00:00.000000Z', id: ID });
    await expect(service.listGlyphs({ sort: 'popular', cursor }, { isAdmin: false })).rejects.toMatchObject({ statusCode: 400, message: 'Invalid cursor' });
    expect(decodeCursor(cursor, 'latest')).toMatchObject({ id: ID });
  });
});

describe('counting', () => {
  it('keys signed-in callers by user id and visitors by a keyed hash of their IP (/64 for IPv6)', () => {
    expect(actorOf({ userId: 'u1', ip: '1.2.3.4' }, SECRET)).toBe('u:u1');
    const a = actorOf({ userId: null, ip: '2001:db8:1:2::1' }, SECRET);
    expect(a).toMatch(/^ip:[0-9a-f]{64}$/);
    expect(actorOf({ userId: null, ip: '2001:db8:1:2:aaaa::9' }, SECRET)).toBe(a);
    expect(actorOf({ userId: null, ip: '2001:db8:1:3::1' }, SECRET)).not.toBe(a);
    expect(actorOf({ userId: null, ip: '2001:db8:1:2::1' }, 'another-secret-another-secret-000')).not.toBe(a);
  });

  it('answers 404 Glyph not found for bogus ids without touching the repository, and for deleted glyphs', async () => {
    const discovery = fakeRepository({ recordEvent: vi.fn(async () => null) });
    const service = createDiscoveryService({ discovery, secret: SECRET });
    await expect(service.recordView('nope', { userId: null, isAdmin: false, ip: '1.1.1.1' })).rejects.toMatchObject({ statusCode: 404, message: MSG.glyphNotFound });
    expect(discovery.recordEvent).not.toHaveBeenCalled();
    await expect(service.recordDownload(ID, { userId: null, isAdmin: false, ip: '1.1.1.1' })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('retries a like toggle aborted as a serialization failure or deadlock', async () => {
    let calls = 0;
    const toggleLike = vi.fn(async () => {
      calls += 1;
      if (calls < 3) throw Object.assign(new Error('conflict'), { cause: { code: calls === 1 ? '40001' : '40P01' } });
      return { liked: true, totalLikes: 4 };
    });
    const service = createDiscoveryService({ discovery: fakeRepository({ toggleLike }), secret: SECRET });
    await expect(service.toggleLike('u1', ID)).resolves.toEqual({ liked: true, totalLikes: 4 });
    expect(toggleLike).toHaveBeenCalledTimes(3);
  });
});
