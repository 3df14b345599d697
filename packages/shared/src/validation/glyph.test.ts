import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { GlyphInputSchema } from '../schemas/glyph.ts';
import { emptyToNull, splitCommaList, validateGlyph } from './glyph.ts';

const valid = { title: 'Pulse', description: 'A pulse', apkUrl: null, githubUrl: 'https://github.com/a/b', instructions: null, images: [] };

describe('validateGlyph (spec §5 upload, in order)', () => {
  it('accepts a GitHub-only or APK-only glyph', () => {
    expect(validateGlyph(valid)).toBeNull();
    expect(validateGlyph({ ...valid, githubUrl: null, apkUrl: '/api/files/apks/0f0e0d0c-0b0a-4009-8807-060504030201.apk' })).toBeNull();
  });

  it('title, then description, then APK-or-GitHub, then the GitHub scheme', () => {
    expect(validateGlyph({ ...valid, title: ' ', description: '', githubUrl: null })).toBe(MSG.titleRequired);
    expect(validateGlyph({ ...valid, description: ' ', githubUrl: null })).toBe(MSG.descriptionRequired);
    expect(validateGlyph({ ...valid, githubUrl: null })).toBe(MSG.apkOrGithubRequired);
    expect(validateGlyph({ ...valid, githubUrl: 'ftp://github.com/a' })).toBe(MSG.githubUrlInvalid);
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example/x', 'http://', ' https://a.b', 'https://a.b/\u0000'])(
    'refuses the GitHub URL %j',
    (githubUrl) => {
      expect(validateGlyph({ ...valid, githubUrl })).toBe(MSG.githubUrlInvalid);
    },
  );

  it('bounds lengths and images', () => {
    expect(validateGlyph({ ...valid, title: 'x'.repeat(101) })).toBe(MSG.titleTooLong);
    expect(validateGlyph({ ...valid, description: 'x'.repeat(5001) })).toBe(MSG.descriptionTooLong);
    expect(validateGlyph({ ...valid, images: Array(6).fill('https://a.b/i.png') })).toBe(MSG.tooManyImages);
    expect(validateGlyph({ ...valid, images: ['javascript:alert(1)'] })).toBe(MSG.imageUrlInvalid);
  });
});

describe('GlyphInputSchema', () => {
  it('trims values, sends empty optionals as null and drops unknown and server-owned fields', () => {
    const parsed = GlyphInputSchema.parse({
      title: '  Pulse ',
      description: ' d ',
      apkUrl: '',
      githubUrl: ' https://github.com/a/b ',
      instructions: '   ',
      images: [' https://a.b/x.png ', ''],
      creatorId: 'someone-else',
      likes: 1e6,
    });
    expect(parsed).toEqual({
      title: 'Pulse',
      description: 'd',
      apkUrl: null,
      githubUrl: 'https://github.com/a/b',
      instructions: null,
      images: ['https://a.b/x.png'],
    });
  });

  it('reports the spec message for a missing title', () => {
    const result = GlyphInputSchema.safeParse({ description: 'd', githubUrl: 'https://x.y' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MSG.titleRequired);
  });
});

describe('helpers', () => {
  it('emptyToNull and splitCommaList', () => {
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull(undefined)).toBeNull();
    expect(emptyToNull(' a ')).toBe('a');
    expect(splitCommaList(' a, ,b ,, c')).toEqual(['a', 'b', 'c']);
  });
});
