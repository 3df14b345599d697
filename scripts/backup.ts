/**
 * `npm run backup [-- --data-dir DIR] [--out FILE]`: one archive of the embedded default (issue 11) —
 * the PGlite database (`dumpDataDir`), the stored files, the generated secret and the F-Droid repository key —
 * from a STOPPED server.
 * It takes the data directory's lock for the whole run, so it refuses a directory a running server holds
 * and no server can start on it meanwhile: the database and the files are saved at one moment.
 * On PostgreSQL use `pg_dump` and bucket versioning instead (docs/deploy.md).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DataDirLockedError, lockDataDir } from '../apps/server/src/db/client.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, FDROID_KEY_ENTRY, type BackupManifest } from './backup-format.ts';

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, out: { type: 'string' } } });
if (process.env.DATABASE_URL)
  fail('DATABASE_URL is set: back up PostgreSQL with pg_dump and the bucket with versioning (docs/deploy.md).');
const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
const dbDir = path.join(dataDir, 'db');
if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) fail(`no embedded database in ${dataDir} (expected ${dbDir}).`);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(values.out ?? `glyphary-backup-${stamp}.tar.gz`);
if (fs.existsSync(out)) fail(`${out} already exists.`);

let unlock: () => void;
try {
  unlock = lockDataDir(dbDir);
} catch (error) {
  if (error instanceof DataDirLockedError) fail(`refusing to back up a data directory in use. ${error.message}`);
  throw error;
}

const staging = fs.mkdtempSync(path.join(path.dirname(out), '.glyphary-backup-'));
try {
  const pglite = await PGlite.create(dbDir, { extensions: { pg_trgm } });
  let manifest: BackupManifest;
  try {
    const count = async (table: string) =>
      Number((await pglite.query<{ n: string }>(`select count(*)::text as n from ${table}`)).rows[0]?.n ?? 0);
    manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      counts: { users: await count('users'), glyphs: await count('glyphs'), files: await count('files') },
      hasSecret: fs.existsSync(path.join(dataDir, 'secret')),
      hasFdroidKey: fs.existsSync(path.join(dataDir, FDROID_KEY_ENTRY)),
    };
    const dump = await pglite.dumpDataDir('gzip');
    fs.writeFileSync(path.join(staging, 'db.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  // Stored files only (files/images, files/apks); files/tmp holds uploads in progress and is never kept.
  const args = ['-czf', out, '-C', staging, 'manifest.json', 'db.tar.gz'];
  const fromDataDir = ['files/images', 'files/apks', ...(manifest.hasSecret ? ['secret'] : []), ...(manifest.hasFdroidKey ? [FDROID_KEY_ENTRY] : [])].filter((entry) =>
    fs.existsSync(path.join(dataDir, entry)),
  );
  if (fromDataDir.length > 0) args.push('-C', dataDir, ...fromDataDir);
  // The archive holds the session secret, the repository signing key and every account: readable by its owner only.
  fs.closeSync(fs.openSync(out, 'wx', 0o600));
  execFileSync('tar', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  const size = fs.statSync(out).size;
  console.log(
    `backup: wrote ${out} (${size} bytes: ${manifest.counts.glyphs} glyphs, ${manifest.counts.files} files, ${manifest.counts.users} users)`,
  );
} catch (error) {
  fs.rmSync(out, { force: true });
  throw error;
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
  unlock();
}
