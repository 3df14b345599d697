/** The archive `npm run backup` writes and `npm run restore` reads (issue 11). */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export const BACKUP_FORMAT = 'glyphary-backup';
export const BACKUP_VERSION = 1;

/** manifest.json at the archive's root. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  counts: { users: number; glyphs: number; files: number };
  /** Whether the generated session secret (DATA_DIR/secret) is in the archive. */
  hasSecret: boolean;
  /** Whether the generated F-Droid repository key (DATA_DIR/fdroid/repo-key.pem) is in the archive; absent in older backups. */
  hasFdroidKey?: boolean;
}

/** The F-Droid repository key inside a data directory and an archive: F-Droid clients pin it, so it must survive a restore. */
export const FDROID_KEY_ENTRY = 'fdroid/repo-key.pem';

/** Every entry an archive may hold; anything else (absolute paths, `..`, links elsewhere) is refused. */
const ALLOWED_ENTRY =
  /^(\.\/)?(manifest\.json|db\.tar\.gz|secret|fdroid\/?|fdroid\/repo-key\.pem|files\/?|files\/(images|apks)\/?|files\/(images|apks)\/[0-9a-f-]{36}(-thumb)?\.(webp|apk|quarantined))$/;

/** True when a tar member name is one this format writes. */
export function isAllowedEntry(name: string): boolean {
  return ALLOWED_ENTRY.test(name);
}

async function sha256Of(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Checks a data directory against its database: the counts match the manifest, and every live file row
 * has its stored file (and thumbnail) with the recorded size and SHA-256 (SECURITY I5).
 * @returns the problems found; empty when the restore is complete.
 */
export async function verifyDataDir(pglite: PGlite, dataDir: string, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = [];
  const count = async (table: string) =>
    Number((await pglite.query<{ n: string }>(`select count(*)::text as n from ${table}`)).rows[0]?.n ?? 0);
  for (const table of ['users', 'glyphs', 'files'] as const) {
    const found = await count(table);
    if (found !== manifest.counts[table]) problems.push(`${table}: ${found} rows, the backup had ${manifest.counts[table]}`);
  }
  const rows = await pglite.query<{ type: string; filename: string; thumbnail: string | null; size: string; sha256: string }>(
    `select type, filename, thumbnail, size::text as size, sha256 from files where status = 'ready'`,
  );
  for (const row of rows.rows) {
    const main = path.join(dataDir, 'files', row.type, row.filename);
    if (!fs.existsSync(main)) {
      problems.push(`missing file ${row.type}/${row.filename}`);
      continue;
    }
    if (fs.statSync(main).size !== Number(row.size)) problems.push(`size differs for ${row.type}/${row.filename}`);
    else if ((await sha256Of(main)) !== row.sha256) problems.push(`SHA-256 differs for ${row.type}/${row.filename}`);
    if (row.thumbnail && !fs.existsSync(path.join(dataDir, 'files', row.type, row.thumbnail)))
      problems.push(`missing thumbnail ${row.type}/${row.thumbnail}`);
  }
  return problems;
}
