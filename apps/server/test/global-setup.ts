import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    /** A migrated PGlite data directory (`DATA_DIR/db` layout) for child servers to start from. */
    pgliteTemplateDir: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run, then every test file clones the result (CONVENTIONS: "clone a migrated
 * template for speed"): a PGlite data-dir dump (and the directory itself, for child servers), and on
 * PostgreSQL a template database.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glyphary-test-'));
  // On disk, so that child servers (fault and scale-out tests) can start from a copy instead of
  // initialising and migrating a fresh PGlite directory each, which takes 5–10 s of CPU per start.
  const templateDir = path.join(dir, 'data', 'db');
  fs.mkdirSync(templateDir, { recursive: true });
  const client = await PGlite.create(templateDir, { extensions: { pg_trgm } });
  const database = await openDatabase({ pglite: client });
  await runMigrations(database);
  const dump = await client.dumpDataDir('gzip');
  const templatePath = path.join(dir, 'template.tar.gz');
  fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplatePath', templatePath);
  project.provide('pgliteTemplateDir', templateDir);

  const url = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (url) {
    templateName = `glyphary_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${templateName}`;
    const templateDb = await openDatabase({ databaseUrl: templateUrl.href, poolMax: 2 });
    await runMigrations(templateDb);
    await templateDb.close();
    await admin.end();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`glyphary_t%_${process.pid}_%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    }
  };
}
