import { GlyphSchema, type Glyph } from '@glyphary/shared';

/** A valid glyph as the API returns it, for tests; `overrides` replace any field. */
export function makeGlyph(overrides: Partial<Glyph> = {}): Glyph {
  return GlyphSchema.parse({
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Pulse ring',
    description: 'A ring that pulses with notifications.',
    images: [],
    thumbnails: [],
    apkUrl: null,
    githubUrl: 'https://github.com/example/pulse',
    instructions: null,
    license: null,
    creatorId: 'c1',
    creatorUsername: 'dot_maker',
    creatorDisplayName: 'Dot Maker',
    downloads: 1,
    views: 12,
    likes: 0,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    deleted: false,
    apkSha256: null,
    apkSize: null,
    tags: [],
    animation: null,
    ...overrides,
  });
}
