import { describe, expect, it } from 'vitest';
import { AdminStatsSchema, UserProfileSchema } from '@glyphary/shared';
import { additionalMetrics, averagePerGlyph, auditActionLabel, filterUsers } from './metrics.ts';

const stats = AdminStatsSchema.parse({
  totalUsers: 10,
  totalGlyphs: 3,
  totalDownloads: 10,
  totalViews: 20,
  totalLikes: 7,
  totalAdmins: 2,
  uniqueViewers: 5,
  uniqueDownloaders: 4,
  topGlyphs: [],
});

const user = (username: string, displayName: string, email: string) =>
  UserProfileSchema.parse({
    uid: username,
    username,
    displayName,
    email,
    profilePicture: null,
    bannerImage: null,
    bio: '',
    website: '',
    location: '',
    glyphsCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    isAdmin: false,
    isSuperAdmin: false,
  });

describe('admin metrics', () => {
  it('rounds per-glyph averages and answers 0 with no glyphs', () => {
    expect(averagePerGlyph(10, 3)).toBe(3);
    expect(averagePerGlyph(20, 3)).toBe(7);
    expect(averagePerGlyph(5, 0)).toBe(0);
    expect(additionalMetrics(stats)).toEqual({ totalLikes: 7, activeAdmins: 2, avgDownloadsPerGlyph: 3, avgViewsPerGlyph: 7 });
    expect(additionalMetrics({ ...stats, totalGlyphs: 0 })).toMatchObject({ avgDownloadsPerGlyph: 0, avgViewsPerGlyph: 0 });
  });

  it('searches username, display name and email, case-insensitive contains', () => {
    const users = [
      user('alice_1', 'Alice Liddell', 'alice@example.test'),
      user('bob', 'Robert', 'bob@MAIL.test'),
      user('carol', 'Carol', 'c@x.test'),
    ];
    expect(filterUsers(users, 'ALI').map((u) => u.username)).toEqual(['alice_1']);
    expect(filterUsers(users, 'robert').map((u) => u.username)).toEqual(['bob']);
    expect(filterUsers(users, 'mail.TEST').map((u) => u.username)).toEqual(['bob']);
    expect(filterUsers(users, '   ')).toHaveLength(3);
    expect(filterUsers(users, 'zzz')).toEqual([]);
  });

  it('labels audit actions, leaving unknown ones as they are', () => {
    expect(auditActionLabel('glyph.delete')).toBe('Deleted glyph');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });
});
