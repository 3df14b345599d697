import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { files } from './content.ts';

/**
 * Issue 16: what the import learned about an uploaded animation (a `files` row of type
 * 'animations' whose stored file is the GLYA frames). Written once at upload; immutable, like the file.
 */
export const animations = pgTable('animations', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  /** The stored names (in the 'animations' folder): GLYA frames, still poster, animated preview. */
  filename: text('filename').notNull(),
  poster: text('poster').notNull(),
  /** Null when the animation flashes (a shared link must not play a strobe) or no render fit 1 MB. */
  preview: text('preview'),
  matrixSize: integer('matrix_size').notNull(),
  frameCount: integer('frame_count').notNull(),
  durationMs: integer('duration_ms').notNull(),
  flashing: boolean('flashing').notNull(),
  flashAtMs: integer('flash_at_ms'),
});
