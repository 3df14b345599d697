import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { apkFileName, formatBytes, formatDate, pluralize, statusLabel, truncate } from './index.ts';

describe('format helpers', () => {
  it('pluralize: 1 download vs n downloads (spec §2)', () => {
    expect(pluralize(1, 'download')).toBe('1 download');
    expect(pluralize(0, 'download')).toBe('0 downloads');
    expect(pluralize(1234, 'view')).toBe('1,234 views');
  });

  it('truncate cuts at the limit and marks the cut', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('apkFileName: lowercased, non-alphanumerics to underscores, .apk (spec §9)', () => {
    expect(apkFileName('Boot Animation v2!')).toBe('boot_animation_v2_.apk');
    expect(apkFileName('"; rm -rf /\r\nX: y')).toBe('___rm__rf____x__y.apk');
    expect(apkFileName('')).toBe('glyph.apk');
  });

  it('statusLabel: uppercase with underscore as space (spec §4)', () => {
    expect(statusLabel('in_progress')).toBe('IN PROGRESS');
    expect(statusLabel('open')).toBe('OPEN');
  });

  it("formatDate shows 'Unknown date' for invalid or missing dates (spec §8)", () => {
    expect(formatDate('not a date')).toBe(MSG.unknownDate);
    expect(formatDate(null)).toBe(MSG.unknownDate);
    expect(formatDate('2026-01-15T12:00:00Z')).toBe('Jan 15, 2026');
  });

  it('formatBytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
  });
});
