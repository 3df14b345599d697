/**
 * Property-based tests (fast-check) for the parsers every hostile input meets first (issue 10):
 * URLs, usernames, signup order, tag normalisation and the APK file name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { apkFileName, truncate } from '../format/index.ts';
import { normalizeTags } from './request.ts';
import { USERNAME_PATTERN, validateSignup, validateUsername } from './signup.ts';
import { isHttpUrl, isResourceUrl, safeRedirectPath } from './url.ts';

describe('URL parsers', { timeout: 60_000 }, () => {
  it('an accepted URL always parses to http(s) with a host, and never holds whitespace or control characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string({ maxLength: 200 }), fc.string().map((s) => `https://${s}`)), (value) => {
        if (!isHttpUrl(value)) return;
        const url = new URL(value);
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(url.hostname.length).toBeGreaterThan(0);
        // eslint-disable-next-line no-control-regex
        expect(/[\u0000-\u0020\u007f]/.test(value)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('no scheme other than http(s) ever passes, in any letter case or with any padding', () => {
    const scheme = fc.constantFrom('javascript', 'data', 'vbscript', 'file', 'ftp', 'blob', 'about', 'jav\tascript', 'java\nscript');
    fc.assert(
      fc.property(scheme, fc.string({ maxLength: 40 }), fc.boolean(), (name, rest, upper) => {
        const value = `${upper ? name.toUpperCase() : name}:${rest}`;
        expect(isHttpUrl(value)).toBe(false);
        expect(isResourceUrl(value)).toBe(false);
      }),
    );
  });

  it('redirects never leave the origin', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.string().map((s) => `//${s}`), fc.string().map((s) => `/\\${s}`)), (value) => {
        const target = safeRedirectPath(value);
        expect(new URL(target, 'https://glyphary.test').origin).toBe('https://glyphary.test');
      }),
      { numRuns: 500 },
    );
  });
});

describe('usernames and signup order', () => {
  it('validateUsername accepts exactly 3–30 of [A-Za-z0-9_]', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        const valid = name.length >= 3 && name.length <= 30 && USERNAME_PATTERN.test(name);
        expect(validateUsername(name) === null).toBe(valid);
      }),
      { numRuns: 1000 },
    );
  });

  it('mismatched passwords are always reported first, whatever else is wrong', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (password, confirm, username, email) => {
        fc.pre(password !== confirm);
        expect(validateSignup({ email, username, displayName: 'x', password, confirmPassword: confirm })).toBe(MSG.passwordsDoNotMatch);
      }),
    );
  });
});

describe('tags and file names', () => {
  it('normalised tags are trimmed, non-empty, comma-free and unique ignoring case', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 20 })), (input) => {
        const tags = normalizeTags(input);
        for (const tag of tags) {
          expect(tag).toBe(tag.trim());
          expect(tag.length).toBeGreaterThan(0);
          expect(tag).not.toContain(',');
        }
        expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length);
        expect(normalizeTags(tags)).toEqual(tags);
      }),
    );
  });

  it('the APK file name is always safe for Content-Disposition', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        expect(apkFileName(title)).toMatch(/^[a-z0-9_]+\.apk$/);
      }),
    );
  });

  it('truncate never exceeds the limit plus the ellipsis', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(200), (text, max) => {
        const out = truncate(text, max);
        expect(out.length).toBeLessThanOrEqual(max + 3);
        expect(text.startsWith(out.replace(/\.\.\.$/, ''))).toBe(true);
      }),
    );
  });
});
