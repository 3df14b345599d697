import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { animations, files } from '../../db/schema/index.ts';

export type NewAnimationRow = typeof animations.$inferInsert;

/** Data access for the facts of uploaded animations (issue 16). */
export function createAnimationsRepository(db: Db) {
  return {
    async insert(values: NewAnimationRow): Promise<void> {
      await db.insert(animations).values(values);
    },

    /** Removes an animation's file row (its facts go with it) when storing its facts failed. */
    async removeFile(fileId: string): Promise<void> {
      await db.delete(files).where(eq(files.id, fileId));
    },
  };
}

export type AnimationsRepository = ReturnType<typeof createAnimationsRepository>;
