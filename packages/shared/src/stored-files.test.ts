import { describe, expect, it } from 'vitest';
import { imageThumbnailUrl, isStoredName, parseMainFileUrl, parseStoredFileUrl, parseStoredName, storedFileUrl } from './stored-files.ts';

const ID = '0b6a3f1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('stored-file identity (issue 22)', () => {
  it('parses every name the product stores, and what it is part of', () => {
    expect(parseStoredName('images', `${ID}.webp`)).toEqual({ type: 'images', name: `${ID}.webp`, id: ID, part: 'main', mainName: `${ID}.webp` });
    expect(parseStoredName('images', `${ID}-thumb.webp`)).toMatchObject({ part: 'thumbnail', mainName: `${ID}.webp` });
    expect(parseStoredName('apks', `${ID}.apk`)).toMatchObject({ part: 'main', mainName: `${ID}.apk` });
    expect(parseStoredName('animations', `${ID}.glya`)).toMatchObject({ part: 'main' });
    expect(parseStoredName('animations', `${ID}-poster.webp`)).toMatchObject({ part: 'poster', mainName: `${ID}.glya` });
    expect(parseStoredName('animations', `${ID}-preview.gif`)).toMatchObject({ part: 'preview', mainName: `${ID}.glya` });
  });

  it('refuses names in the wrong folder, other shapes and traversal', () => {
    for (const [type, name] of [
      ['images', `${ID}.apk`],
      ['apks', `${ID}.webp`],
      ['animations', `${ID}.webp`],
      ['images', `${ID.toUpperCase()}.webp`],
      ['images', `${ID}.quarantined`],
      ['images', `../${ID}.webp`],
      ['other', `${ID}.webp`],
      ['__proto__', `${ID}.webp`],
      ['images', `${'f'.repeat(36)}.webp`],
    ] as const) {
      expect(isStoredName(type, name), `${type}/${name}`).toBe(false);
    }
  });

  it('builds and parses URLs both ways', () => {
    const url = storedFileUrl('apks', `${ID}.apk`);
    expect(url).toBe(`/api/files/apks/${ID}.apk`);
    expect(parseStoredFileUrl(url)).toMatchObject({ type: 'apks', name: `${ID}.apk` });
    expect(parseMainFileUrl(url, 'apks')?.name).toBe(`${ID}.apk`);
    expect(parseMainFileUrl(url, 'images')).toBeNull();
    expect(parseMainFileUrl(`/api/files/images/${ID}-thumb.webp`, 'images')).toBeNull();
    for (const other of [`https://example.com/api/files/apks/${ID}.apk`, `/api/files/apks/x/${ID}.apk`, '/api/files/', `/api/files/apks`]) {
      expect(parseStoredFileUrl(other), other).toBeNull();
    }
    expect(imageThumbnailUrl(`/api/files/images/${ID}.webp`)).toBe(`/api/files/images/${ID}-thumb.webp`);
    expect(imageThumbnailUrl('https://images.example/a.webp')).toBeNull();
  });
});
