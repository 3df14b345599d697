import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { androidUpToLabel, androidVersionLabel, apkFileName, signerName, formatBytes, formatCount, formatDate, pluralize, statusLabel, truncate } from './index.ts';

describe('format helpers', () => {
  it('pluralize: 1 download vs n downloads (spec §2)', () => {
    expect(pluralize(1, 'download')).toBe('1 download');
    expect(pluralize(0, 'download')).toBe('0 downloads');
    expect(pluralize(1234, 'view')).toBe('1,234 views');
  });

  it('formatCount and formatDate give what toLocaleString gave', () => {
    for (const n of [0, 7, 42, 999, 1000, 12345, 999999, 1000000, 1234567, -42, -1234, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
    for (let n = 1; n < 1e15; n = n * 7 + 3) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    const options = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    for (let t = Date.UTC(1999, 11, 31, 23, 59); t < Date.UTC(2031, 0, 1); t += 37 * 3_600_000 + 1234) {
      expect(formatDate(t)).toBe(new Date(t).toLocaleDateString('en-US', options));
    }
    // The day is the UTC day whatever the reader's zone (the server and the browser render the same text).
    expect(formatDate('2026-11-25T23:59:00-05:00')).toBe('Nov 26, 2026');
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

describe('androidVersionLabel', () => {
  it('names the Android release of an APK minimum API level', () => {
    expect(androidVersionLabel(34)).toBe('Android 14+');
    expect(androidVersionLabel(35)).toBe('Android 15+');
    expect(androidVersionLabel(32)).toBe('Android 12L+');
    expect(androidVersionLabel(null)).toBeNull();
    expect(androidVersionLabel(21)).toBe('Android 5.0+');
    expect(androidVersionLabel(0)).toBeNull();
    expect(androidVersionLabel(99)).toBeNull();
  });
});

describe('androidUpToLabel', () => {
  it("names the last Android release of a permission's maxSdkVersion", () => {
    expect(androidUpToLabel(28)).toBe('up to Android 9');
    expect(androidUpToLabel(18)).toBe('up to Android 4.3');
    expect(androidUpToLabel(22)).toBe('up to Android 5.1');
    expect(androidUpToLabel(120)).toBe('up to API level 120');
  });
});

describe('signerName', () => {
  it('reads the common name of a certificate subject, else the whole subject', () => {
    expect(signerName('CN=Jane Doe, OU=Toys, O=Example')).toBe('Jane Doe');
    expect(signerName('O=Example, CN=Dots\\, Inc.')).toBe('Dots, Inc.');
    expect(signerName('O=Example')).toBe('O=Example');
  });
});
