import { COMMENT_EDIT_WINDOW_MS, COMMUNITY_MSG, MSG } from '@glyphary/shared';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Viewer } from '../../plugins/access.ts';
import type { CommentGlyph, CommentRow, CommentsRepository } from './comments.repository.ts';
import { decodePageCursor, encodePageCursor } from './cursor.ts';
import type { RateLimiter } from './rate-limit.ts';

/** Comments on glyphs (issue 19): newest first, edit own within 15 minutes, remove by author, creator or admin. */
export function createCommentsService({ comments, clock, limiter }: { comments: CommentsRepository; clock: Clock; limiter: RateLimiter }) {
  async function liveGlyph(id: string): Promise<CommentGlyph> {
    const glyph = isUuid(id) ? await comments.findGlyph(id.toLowerCase()) : undefined;
    // A hidden or deleted glyph has no comments to show (it disappears like a deleted one).
    if (!glyph || !glyph.live) throw notFound(MSG.glyphNotFound);
    return glyph;
  }

  async function findComment(id: string): Promise<CommentRow> {
    const row = isUuid(id) ? await comments.findById(id.toLowerCase()) : undefined;
    if (!row) throw notFound(COMMUNITY_MSG.commentNotFound);
    return row;
  }

  return {
    /** @throws AppError 404 unknown/hidden/deleted glyph, 400 bad cursor. */
    async list(glyphId: string, limit: number, cursorText: string | undefined) {
      const glyph = await liveGlyph(glyphId);
      const rows = await comments.list(glyph.id, limit + 1, decodePageCursor(cursorText));
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        glyph,
        rows: page,
        nextCursor: rows.length > limit && last ? encodePageCursor({ createdAt: last.createdKey, id: last.id }) : null,
      };
    },

    /** @throws AppError 404 glyph, 403 comments off, 429 rate limit. */
    async create(viewer: Viewer, glyphId: string, body: string): Promise<CommentRow> {
      const glyph = await liveGlyph(glyphId);
      if (!glyph.commentsEnabled) throw forbidden(COMMUNITY_MSG.commentsOff, 'COMMENTS_OFF');
      await limiter.check('comment', viewer.id);
      const id = await comments.insert({ glyphId: glyph.id, authorId: viewer.id, body, createdAt: clock.now() }, (commentId) =>
        glyph.creatorId === viewer.id
          ? null
          : {
              userId: glyph.creatorId,
              type: 'new_comment',
              eventKey: `comment:${commentId}`,
              data: { glyphId: glyph.id, title: glyph.title, commentId, actorUsername: viewer.username },
            },
      );
      if (!id) {
        const again = await liveGlyph(glyphId);
        if (!again.commentsEnabled) throw forbidden(COMMUNITY_MSG.commentsOff, 'COMMENTS_OFF');
        throw notFound(MSG.glyphNotFound);
      }
      return findComment(id);
    },

    /** @throws AppError 404, 403 not the author or the edit window closed. */
    /**
     * The ownership checks alone, before the body is read (issue 21: 403 before 400). A missing comment or
     * glyph is left to the handler's 404.
     */
    async assertAuthor(viewer: Viewer, id: string): Promise<void> {
      const row = await findComment(id).catch(() => null);
      if (row && row.authorId !== viewer.id) throw forbidden();
    },
    async assertGlyphCreator(viewer: Viewer, glyphId: string): Promise<void> {
      const glyph = await liveGlyph(glyphId).catch(() => null);
      if (glyph && glyph.creatorId !== viewer.id) throw forbidden();
    },

    async update(viewer: Viewer, id: string, body: string): Promise<CommentRow> {
      const row = await findComment(id);
      if (row.authorId !== viewer.id) throw forbidden();
      const now = clock.now();
      const since = new Date(now.getTime() - COMMENT_EDIT_WINDOW_MS);
      if (row.createdAt <= since) throw forbidden(COMMUNITY_MSG.commentEditWindow, 'EDIT_WINDOW_CLOSED');
      await liveGlyph(row.glyphId);
      if (!(await comments.update(row.id, viewer.id, body, now, since))) throw forbidden(COMMUNITY_MSG.commentEditWindow, 'EDIT_WINDOW_CLOSED');
      return findComment(row.id);
    },

    /** The author, the glyph's creator or an admin. @throws AppError 404, 403. */
    async remove(viewer: Viewer, id: string): Promise<void> {
      const row = await findComment(id);
      const glyph = await comments.findGlyph(row.glyphId);
      const isAuthor = row.authorId === viewer.id;
      const isCreator = glyph?.creatorId === viewer.id;
      if (!isAuthor && !isCreator && !viewer.isAdmin) throw forbidden();
      const audit =
        !isAuthor && !isCreator
          ? { actorId: viewer.id, action: 'comment.delete', targetType: 'comment' as const, targetId: row.id, detail: `by @${row.authorUsername}` }
          : null;
      if (!(await comments.remove(row.id, audit))) throw notFound(COMMUNITY_MSG.commentNotFound);
    },

    /** The glyph's creator turns comments on or off. @throws AppError 404, 403. */
    async setEnabled(viewer: Viewer, glyphId: string, enabled: boolean): Promise<boolean> {
      const glyph = await liveGlyph(glyphId);
      if (glyph.creatorId !== viewer.id) throw forbidden();
      if (!(await comments.setEnabled(glyph.id, viewer.id, enabled))) throw notFound(MSG.glyphNotFound);
      return enabled;
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
