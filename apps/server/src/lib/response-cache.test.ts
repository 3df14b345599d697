import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiatedBody, partHash, prepareJsonParts } from './response-cache.ts';

const cards = ['{"id":"a","title":"Neon Clock"}', '{"id":"b","title":"Rain Ring"}', '{"id":"c","title":"Boot Pulse"}'];

function page(texts: readonly string[], tail = '],"nextCursor":null}') {
  return prepareJsonParts(
    '{"glyphs":[',
    texts.map((text, i) => Buffer.from(i === 0 ? text : `,${text}`, 'utf8')),
    texts.flatMap((text) => partHash(text)),
    ',',
    tail,
  );
}

describe('prepareJsonParts (decision 0055)', () => {
  it('keeps the body as its parts, joined only when asked, with the exact length', () => {
    const prepared = page(cards);
    const text = `{"glyphs":[${cards.join(',')}],"nextCursor":null}`;
    expect(prepared.body.toString('utf8')).toBe(text);
    expect(prepared.length).toBe(Buffer.byteLength(text));
    // Head, one chunk per part (its separator in front), tail.
    expect(prepared.chunks?.length).toBe(cards.length + 2);
    expect(page([]).body.toString('utf8')).toBe('{"glyphs":[],"nextCursor":null}');
  });

  it('gives equal pages equal tags, and a new tag when a card, the order or the text around them changes', () => {
    const tag = page(cards).etag;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(page([...cards]).etag).toBe(tag);
    expect(page([cards[0] as string, cards[1] as string, '{"id":"c","title":"Boot Pulse!"}']).etag).not.toBe(tag);
    expect(page([cards[1] as string, cards[0] as string, cards[2] as string]).etag).not.toBe(tag);
    expect(page(cards.slice(0, 2)).etag).not.toBe(tag);
    expect(page(cards, '],"nextCursor":"abc"}').etag).not.toBe(tag);
  });

  it('hashes a part as the leading 64 bits of its SHA-256', () => {
    // SHA-256("abc") = ba7816bf 8f01cfea …
    expect(partHash('abc')).toEqual([0xba7816bf, 0x8f01cfea]);
  });

  it('refuses hash words that do not match the parts', () => {
    expect(() => prepareJsonParts('[', [Buffer.from('1')], [1], ',', ']')).toThrow(/two hash words per part/);
  });

  it('writes later parts with the separator they carry, adding none of its own', () => {
    expect(prepareJsonParts('[', [Buffer.from('1'), Buffer.from(',2')], [1, 2, 3, 4], ',', ']').body.toString()).toBe('[1,2]');
  });
});

describe('compressed pages of parts (decision 0071)', () => {
  const decompress = { zstd: zstdDecompressSync, br: brotliDecompressSync, gzip: gunzipSync } as const;

  it('compresses each page from its own parts, a larger page first and a smaller one after it', () => {
    // The parts are copied into one reused buffer to be compressed: the smaller page must not carry the
    // larger one's tail, and the larger one's copy must not change when the buffer is written again.
    const large = page(Array.from({ length: 400 }, (_, i) => `{"id":"${i}","title":"Glyph number ${i} of a large page"}`));
    const small = page(Array.from({ length: 40 }, (_, i) => `{"id":"s${i}","title":"Small ${i}"}`));
    for (const encoding of ['zstd', 'br', 'gzip'] as const) {
      const headers = { 'accept-encoding': encoding };
      const largeBody = negotiatedBody(headers, large);
      const smallBody = negotiatedBody(headers, small);
      expect(largeBody.encoding).toBe(encoding);
      expect(smallBody.encoding).toBe(encoding);
      expect(decompress[encoding](largeBody.body).toString('utf8')).toBe(Buffer.concat(large.chunks ?? []).toString('utf8'));
      expect(decompress[encoding](smallBody.body).toString('utf8')).toBe(Buffer.concat(small.chunks ?? []).toString('utf8'));
      // Made once per page and encoding: a second ask gets the very same copy.
      expect(negotiatedBody(headers, large).body).toBe(largeBody.body);
    }
    expect(JSON.parse(zstdDecompressSync(negotiatedBody({ 'accept-encoding': 'zstd' }, small).body).toString('utf8')).glyphs).toHaveLength(40);
  });
});
