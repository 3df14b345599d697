import type { Db } from '../../db/client.ts';
import { animations, files } from '../../db/schema/index.ts';

export type NewAnimationRow = typeof animations.$inferInsert;
type FileRow = typeof files.$inferSelect;
type NewFileRow = typeof files.$inferInsert;

/** Data access for the facts of uploaded animations (issue 16). */
export function createAnimationsRepository(db: Db) {
  return {
    /** Inserts the animation's `files` row and its facts in one transaction. */
    async insertWithFile(file: NewFileRow, facts: Omit<NewAnimationRow, 'fileId'>): Promise<FileRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(files).values(file).returning();
        if (!row) throw new Error('file insert returned nothing');
        await tx.insert(animations).values({ ...facts, fileId: row.id });
        return row;
      });
    },
  };
}

export type AnimationsRepository = ReturnType<typeof createAnimationsRepository>;
