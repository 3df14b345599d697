import type { Db } from '../../db/client.ts';
import { animations, files } from '../../db/schema/index.ts';
import { reserveQuota } from '../files/files.repository.ts';

export type NewAnimationRow = typeof animations.$inferInsert;
type FileRow = typeof files.$inferSelect;
type NewFileRow = typeof files.$inferInsert;

/** Data access for the facts of uploaded animations (issue 16). */
export function createAnimationsRepository(db: Db) {
  return {
    /**
     * Inserts the animation's `files` row and its facts in one transaction, within the owner's storage
     * quota (issue 21; 0 = none). @throws QuotaExceededError when it does not fit; nothing is inserted.
     */
    async insertWithFile(file: NewFileRow, facts: Omit<NewAnimationRow, 'fileId'>, quotaBytes = 0): Promise<FileRow> {
      return db.transaction(async (tx) => {
        await reserveQuota(tx, file.ownerId, file.size, quotaBytes);
        const [row] = await tx.insert(files).values(file).returning();
        if (!row) throw new Error('file insert returned nothing');
        await tx.insert(animations).values({ ...facts, fileId: row.id });
        return row;
      });
    },
  };
}

export type AnimationsRepository = ReturnType<typeof createAnimationsRepository>;
