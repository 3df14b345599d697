/**
 * `npm run restore -- <archive> [--data-dir DIR]`: restores an `npm run backup` archive into a FRESH data
 * directory (issue 11): the PGlite database, the stored files, the secret and the F-Droid key. It refuses a directory that
 * already has a database or stored files, or that a running server holds, and verifies the result
 * (row counts, and every file with its recorded size and SHA-256) before saying it is done.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DataDirLockedError, lockDataDir } from '../apps/server/src/db/client.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, FDROID_KEY_ENTRY, isAllowedEntry, verifyDataDir, type BackupManifest } from './backup-format.ts';

function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

/** A failure after the lock is taken: reported once the partial restore is removed and the lock released. */
class RestoreError extends Error {}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
const archive = positionals[0]
  ? path.resolve(positionals[0])
  : fail('usage: npm run restore -- <archive.tar.gz> [--data-dir DIR]');
if (!fs.existsSync(archive)) fail(`${archive} does not exist.`);
if (process.env.DATABASE_URL)
  fail('DATABASE_URL is set: this restores the embedded database only (PostgreSQL: pg_restore, docs/deploy.md).');
const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
const dbDir = path.join(dataDir, 'db');

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
const occupied =
  !isEmptyDir(dbDir) || !isEmptyDir(path.join(dataDir, 'files', 'images')) || !isEmptyDir(path.join(dataDir, 'files', 'apks'));
if (occupied || fs.existsSync(path.join(dataDir, 'secret')) || fs.existsSync(path.join(dataDir, FDROID_KEY_ENTRY))) {
  fail(`${dataDir} already holds a database, stored files or a secret: restore into a fresh DATA_DIR (nothing is overwritten).`);
}

// Every member is checked before anything is extracted: no absolute paths, no `..`, only this format's names.
const members = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  .split('\n')
  .filter(Boolean);
const refused = members.filter((name) => !isAllowedEntry(name));
if (refused.length > 0) fail(`not a Glyphary backup (unexpected entries: ${refused.slice(0, 5).join(', ')}).`);
if (!members.some((name) => name.replace(/^\.\//, '') === 'manifest.json')) fail('not a Glyphary backup (no manifest.json).');

fs.mkdirSync(dataDir, { recursive: true });
let unlock: () => void;
try {
  unlock = lockDataDir(dbDir);
} catch (error) {
  if (error instanceof DataDirLockedError) fail(`refusing to restore into a data directory in use. ${error.message}`);
  throw error;
}

// Extracted inside the data directory, so the files move into place with a rename (same file system).
const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
let restored = false;
try {
  // --no-same-owner/permissions: the files belong to whoever runs the restore; no links are ever followed out.
  execFileSync('tar', ['-xzf', archive, '-C', staging, '--no-same-owner', '--no-same-permissions'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version > BACKUP_VERSION)
    throw new RestoreError(`unsupported backup format ${manifest.format} v${manifest.version}.`);

  const dump = fs.readFileSync(path.join(staging, 'db.tar.gz'));
  const loaded = await PGlite.create(dbDir, { loadDataDir: new Blob([dump]), extensions: { pg_trgm } });
  await loaded.close();

  for (const folder of ['images', 'apks']) {
    const from = path.join(staging, 'files', folder);
    const to = path.join(dataDir, 'files', folder);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.rmSync(to, { recursive: true, force: true }); // empty (checked above)
    if (fs.existsSync(from)) fs.renameSync(from, to);
    else fs.mkdirSync(to, { recursive: true });
  }
  fs.mkdirSync(path.join(dataDir, 'files', 'tmp'), { recursive: true });
  if (manifest.hasSecret) {
    fs.copyFileSync(path.join(staging, 'secret'), path.join(dataDir, 'secret'));
    fs.chmodSync(path.join(dataDir, 'secret'), 0o600);
  }
  // Phones that added the repository trust only this key: a new one would make every client refuse it.
  if (manifest.hasFdroidKey) {
    fs.mkdirSync(path.join(dataDir, 'fdroid'), { recursive: true, mode: 0o700 });
    fs.copyFileSync(path.join(staging, FDROID_KEY_ENTRY), path.join(dataDir, FDROID_KEY_ENTRY));
    fs.chmodSync(path.join(dataDir, FDROID_KEY_ENTRY), 0o600);
  }

  const pglite = await PGlite.create(dbDir, { extensions: { pg_trgm } });
  let problems: string[];
  try {
    problems = await verifyDataDir(pglite, dataDir, manifest);
  } finally {
    await pglite.close();
  }
  if (problems.length > 0) throw new RestoreError(`the restored data does not match the backup:\n  - ${problems.join('\n  - ')}`);
  restored = true;
  console.log(
    `restore: ${dataDir} restored from ${path.basename(archive)} (${manifest.counts.glyphs} glyphs, ${manifest.counts.files} files, ${manifest.counts.users} users; made ${manifest.createdAt}); verified`,
  );
} catch (error) {
  if (!(error instanceof RestoreError)) throw error;
  console.error(`restore: ${error.message}`);
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
  if (!restored) {
    // The directory was fresh: remove the partial restore so a retry starts clean.
    for (const entry of ['db', 'files/images', 'files/apks', 'secret', FDROID_KEY_ENTRY])
      fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    process.exitCode = 1;
  }
  unlock();
}
