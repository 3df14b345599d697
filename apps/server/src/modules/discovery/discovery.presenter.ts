import type { Glyph, GlyphList, UserLikes } from '@glyphary/shared';
import { toGlyph } from '../glyphs/glyphs.presenter.ts';
import type { GlyphRow } from '../glyphs/glyphs.read-model.ts';

/** `GET /get-glyphs` body: the page's glyphs through the shared glyph presenter, plus the cursor. */
export function toGlyphList(page: { rows: GlyphRow[]; nextCursor: string | null }): GlyphList {
  return { glyphs: page.rows.map((row): Glyph => toGlyph(row)), nextCursor: page.nextCursor };
}

/** `GET /get-user-likes` body. */
export function toUserLikes(page: { rows: GlyphRow[]; nextCursor: string | null; total: number }): UserLikes {
  return { glyphs: page.rows.map((row) => toGlyph(row)), total: page.total, nextCursor: page.nextCursor };
}
