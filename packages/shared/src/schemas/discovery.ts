import '../zod.ts';
import { z } from 'zod';
import { GLYPH_PAGE_MSG } from '../messages/glyph-page.ts';
import { GlyphSchema } from './glyph.ts';

/**
 * `POST /record-view` result (spec §7 "recorded"). `counted` is false when this actor had already
 * been counted for the glyph (DESIGN §4.1); `views` is the glyph's count after the call.
 */
export const RecordViewResultSchema = z.object({ success: z.literal(true), recorded: z.literal(true), counted: z.boolean(), views: z.number().int() });
export type RecordViewResult = z.infer<typeof RecordViewResultSchema>;

/** `POST /record-download` result: like record-view, with the downloads count after the call. */
export const RecordDownloadResultSchema = z.object({
  success: z.literal(true),
  recorded: z.literal(true),
  counted: z.boolean(),
  downloads: z.number().int(),
});
export type RecordDownloadResult = z.infer<typeof RecordDownloadResultSchema>;

/** `GET /check-like-status?glyphId=` query. Any other parameter (such as userId) is dropped. */
export const LikeStatusQuerySchema = z.object({ glyphId: z.string({ error: GLYPH_PAGE_MSG.glyphNotFound }).max(64) });

/** `GET /check-like-status` result (spec §7 "liked"). */
export const LikeStatusSchema = z.object({ liked: z.boolean() });
export type LikeStatus = z.infer<typeof LikeStatusSchema>;

/** `GET /get-user-likes` query: an optional cursor for "Load more" (DESIGN §4.12). */
export const UserLikesQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').optional(),
  cursor: z.string().max(512).optional(),
});

/** `GET /get-user-likes` result: the caller's liked live glyphs, most recently liked first. */
export const UserLikesSchema = z.object({
  glyphs: z.array(GlyphSchema),
  /** How many live glyphs the caller likes in all (spec §2 Liked: '{n} glyph(s) you've liked'). */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type UserLikes = z.infer<typeof UserLikesSchema>;

/** `GET /get-user-stats/{id}`: storefront totals over all the creator's live glyphs (spec §2 Storefront). */
export const UserStatsSchema = z.object({
  glyphs: z.number().int(),
  downloads: z.number().int(),
  likes: z.number().int(),
});
export type UserStats = z.infer<typeof UserStatsSchema>;
