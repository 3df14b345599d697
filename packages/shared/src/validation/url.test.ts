import { describe, expect, it } from 'vitest';
import { isHttpUrl, isResourceUrl, safeRedirectPath } from './url.ts';

describe('isHttpUrl', () => {
  it('accepts http and https URLs', () => {
    expect(isHttpUrl('https://github.com/nothing/glyph')).toBe(true);
    expect(isHttpUrl('HTTP://EXAMPLE.COM')).toBe(true);
  });
  it.each(['javascript:alert(1)', 'java\tscript:alert(1)', 'data:image/png;base64,AAA', 'file:///etc/passwd', '//example.com', 'https:example.com', 'https://', `https://a.b/${'x'.repeat(2050)}`, 'https://a b.c'])(
    'refuses %j',
    (value) => {
      expect(isHttpUrl(value)).toBe(false);
    },
  );
});

describe('isResourceUrl', () => {
  it('accepts our own file paths but no other relative path', () => {
    expect(isResourceUrl('/api/files/images/abc.webp')).toBe(true);
    expect(isResourceUrl('/settings')).toBe(false);
    expect(isResourceUrl('//evil.example/api/files/x')).toBe(false);
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-origin paths and refuses everything else', () => {
    expect(safeRedirectPath('/settings?tab=security')).toBe('/settings?tab=security');
    for (const hostile of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeRedirectPath(hostile)).toBe('/');
    }
  });
});
