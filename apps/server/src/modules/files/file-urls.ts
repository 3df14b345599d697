import { sql, type SQL } from 'drizzle-orm';
import { STORED_FILES_PATH } from '@glyphary/shared';

/**
 * Stored-file identity for the server (issue 22): other modules ask the files module, never match
 * `/api/files/…` paths themselves. The string forms are shared with the web client (@glyphary/shared
 * stored-files.ts); the SQL form below builds the same URL from a `files` row inside a query.
 */
export {
  animationNames,
  imageThumbnailUrl,
  isStoredName,
  parseMainFileUrl,
  parseStoredFileUrl,
  parseStoredName,
  storedFileUrl,
  type StoredFileRef,
} from '@glyphary/shared';

/** `'/api/files/' || <alias>.type || '/' || <alias>.filename`: a files row's URL in SQL. `alias` is a fixed table alias. */
export function storedFileUrlSql(alias: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not a table alias: ${alias}`);
  return sql.raw(`('${STORED_FILES_PATH}' || ${alias}.type || '/' || ${alias}.filename)`);
}
