import type { GlyphDevice, GlyphRequest, RequestStatus } from '@glyphary/shared';
import { thumbnailOf } from '../glyphs/glyphs.presenter.ts';
import type { RequestRow } from './requests.repository.ts';

/**
 * spec §3 Glyph request as the API returns it: snake_case keys, people only as `{id, username}`
 * (SECURITY matrix), the linked glyph as `{id, title}`.
 */
export function toGlyphRequest(row: RequestRow & { type?: 'assigned' | 'created' }): GlyphRequest {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    reference_images: row.referenceImages,
    reference_files: row.referenceFiles,
    status: row.status as RequestStatus,
    user_id: row.userId,
    user: row.requesterUsername === null ? null : { id: row.userId, username: row.requesterUsername },
    assigned_to: row.assignedTo,
    assigned_user:
      row.assignedTo && row.assigneeUsername !== null ? { id: row.assignedTo, username: row.assigneeUsername } : null,
    completed_glyph_id: row.completedGlyphId,
    completed_glyph:
      row.completedGlyphId && row.completedGlyphTitle !== null
        ? {
            id: row.completedGlyphId,
            title: row.completedGlyphTitle,
            // A deleted toy keeps its name on the request, not its picture (SECURITY matrix).
            thumbnail: !row.completedGlyphDeleted && row.completedGlyphImage ? thumbnailOf(row.completedGlyphImage) : null,
            creator_username: row.completedGlyphCreator,
            deleted: Boolean(row.completedGlyphDeleted),
          }
        : null,
    device: (row.device as GlyphDevice | null) ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    votes: row.votes,
    ...(row.type ? { type: row.type } : {}),
  };
}
