import { describe, expect, it } from 'vitest';
import { toUploadedFile } from './file-upload-slot.ts';

const ID = '0b6a3f1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('toUploadedFile', () => {
  it('keeps the stored name of our uploaded images and APKs (the picker deletes by it)', () => {
    expect(toUploadedFile(`/api/files/images/${ID}.webp`, 'images').filename).toBe(`${ID}.webp`);
    expect(toUploadedFile(`/api/files/apks/${ID}.apk`, 'apks').filename).toBe(`${ID}.apk`);
  });

  it('gives other URLs no name: external files, thumbnails, animations', () => {
    for (const url of ['https://images.example/a.webp', `/api/files/images/${ID}-thumb.webp`, `/api/files/animations/${ID}.glya`, `/api/files/images/${ID}.apk`]) {
      expect(toUploadedFile(url, 'images'), url).toMatchObject({ url, filename: '', size: 0 });
    }
  });
});
