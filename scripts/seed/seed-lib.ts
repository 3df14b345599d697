import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { checkFlashing, encodeAnimation } from '@glyphary/shared';
import {
  accounts,
  animations,
  files,
  glyphDownloads,
  glyphLikes,
  glyphRequests,
  glyphs,
  glyphViews,
  users,
} from '../../apps/server/src/db/schema/index.ts';
import { makeBio, makeDescription, makeDisplayName, makeInstructions, makeRequest, makeTitle, makeUsername } from './content.ts';
import { encodeMatrix, IMAGE_SIZE, makePattern, renderMatrix } from './matrix.ts';
import { ANIMATION_KINDS, makeAnimation } from './animations.ts';
import { renderPoster, renderPreview } from '../../apps/server/src/modules/animations/animation-render.ts';
import { buildApkEntries, createSigner, GLYPH_ENABLE, signApk, type Signer } from '@glyphary/test-support';
import { analyseApk } from '../../apps/server/src/modules/apk/index.ts';
import { processImage } from '../../apps/server/src/modules/files/file-inspect.ts';
import { createRng, distinctIndices, distribute, skewedWeights, type Rng } from './prng.ts';
import { releases } from '../../apps/server/src/db/schema/index.ts';
import { signerKey } from '../../apps/server/src/modules/releases/apk-facts.ts';
import type { ApkReport } from '@glyphary/shared';
import { tagsFor } from './content.ts';

export type SeedSize = 'demo' | 'bench' | 'tiny';

/** How much of everything each size makes (issue 9; `tiny` is the CI smoke size). */
/** The row triggers that keep the daily statistics roll-ups (migration 0021), by table. */
const STATS_TRIGGERS = [
  ['glyph_views', 'glyph_views_stats'],
  ['glyph_downloads', 'glyph_downloads_stats'],
  ['glyph_likes', 'glyph_likes_stats'],
  ['release_downloads', 'release_downloads_stats'],
  ['follows', 'follows_stats'],
  ['users', 'users_stats'],
  ['glyphs', 'glyphs_stats'],
  ['reports', 'reports_stats'],
] as const;

export const SIZES: Record<
  SeedSize,
  {
    users: number;
    creators: number;
    glyphs: number;
    views: number;
    likes: number;
    downloads: number;
    requests: number;
    anonActors: number;
    /** Images per glyph are rendered individually (demo) or drawn from a shared set (bench). */
    sharedImages: number | null;
    /** Issue 16: every glyph gets its own generated Glyph Matrix animation (demo only: renders cost ~0.3 s each). */
    animations: boolean;
    /**
     * Issue 20: glyphs share a few generated animations instead (like `sharedImages`), so the player's
     * animation requests can join the benchmark's read mix without rendering 100,000 of them.
     */
    sharedAnimations: number | null;
    deletedShare: number;
    /** Age of the catalogue in days, relative to the anchor. */
    spanDays: number;
    /** Issue 15: the share of glyphs that ship a real toy APK (built, signed and analysed like an upload). */
    toyApkShare: number;
    /** APK glyphs share this many built APKs (like `sharedImages`) instead of one each; null: one each. */
    sharedApks: number | null;
  }
> = {
  demo: {
    users: 18,
    creators: 12,
    glyphs: 60,
    views: 3_000,
    likes: 320,
    downloads: 900,
    requests: 16,
    anonActors: 400,
    sharedImages: null,
    animations: true,
    sharedAnimations: null,
    deletedShare: 0,
    spanDays: 60,
    toyApkShare: 0.7,
    sharedApks: null,
  },
  tiny: {
    users: 40,
    creators: 15,
    glyphs: 300,
    views: 3_000,
    likes: 800,
    downloads: 500,
    requests: 20,
    anonActors: 500,
    sharedImages: 4,
    animations: false,
    sharedAnimations: 4,
    deletedShare: 0.01,
    spanDays: 365,
    toyApkShare: 0.3,
    sharedApks: 2,
  },
  bench: {
    users: 10_000,
    creators: 3_000,
    glyphs: 100_000,
    views: 1_000_000,
    likes: 500_000,
    downloads: 200_000,
    requests: 5_000,
    anonActors: 90_000,
    sharedImages: 24,
    animations: false,
    sharedAnimations: 16,
    deletedShare: 0.01,
    spanDays: 720,
    toyApkShare: 0.3,
    sharedApks: 8,
  },
};

export const DEFAULT_PASSWORD = 'glyphary-demo';
export const ADMIN_EMAIL = 'admin@example.com';
const BATCH_ROWS = 20_000;
const DAY = 24 * 60 * 60 * 1000;
const STATUSES = ['open', 'in_progress', 'completed', 'cancelled'] as const;

export interface SeedOptions {
  size: SeedSize;
  dataDir: string;
  databaseUrl?: string | undefined;
  force?: boolean;
  seed?: number;
  /** Timestamps are offsets before this instant (default: today 00:00 UTC), so reruns on one day match. */
  anchor?: Date;
  password?: string;
  log?: (line: string) => void;
}

export interface SeedResult {
  size: SeedSize;
  database: 'pglite' | 'postgres';
  counts: Record<string, number>;
  timingsMs: Record<string, number>;
  totalMs: number;
  password: string;
  adminEmail: string;
  /** Handy ids for benchmarks: popular glyphs, the biggest storefront, a few sign-in emails. */
  sample: { glyphIds: string[]; topCreator: { id: string; username: string }; userEmails: string[] };
  invariants: Record<string, number>;
}

/** A built toy APK as stored: its file id, its URL and the analyser's report. */
interface ToyApk {
  url: string;
  id: string;
  report: ApkReport;
}

/**
 * An instant between `from` and `to` (epoch ms), as ISO text: the seed backdates every view, download
 * and like into its glyph's lifetime, so daily history reaches back weeks (months at the bench size).
 */
export function backdate(rng: Rng, from: number, to: number): string {
  return new Date(from + rng.next() * Math.max(0, to - from)).toISOString();
}

/** Thrown when the target database already holds users or glyphs and `force` is off. */
export class NotEmptyError extends Error {}

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Better Auth's own hasher, loaded from the server's copy so the seeded hashes verify at sign-in. */
async function loadHashPassword(): Promise<(password: string) => Promise<string>> {
  const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
  const module = (await import(require.resolve('better-auth/crypto'))) as { hashPassword: (password: string) => Promise<string> };
  return module.hashPassword;
}

/**
 * Multi-row insert of column arrays through `unnest`: one statement per batch and one parameter per
 * column, so a batch of 20,000 rows costs one round trip on PGlite and PostgreSQL alike.
 */
async function insertColumns(client: RawClient, table: PgTable, columns: PgColumn[], data: unknown[][]): Promise<void> {
  const rowCount = data[0]?.length ?? 0;
  if (rowCount === 0) return;
  const { name } = getTableConfig(table);
  const list = columns.map((c) => `"${c.name}"`).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.getSQLType()}[]`).join(', ');
  await client.query(`insert into "${name}" (${list}) select * from unnest(${arrays})`, data);
}

/** Accumulates rows column-wise and flushes every BATCH_ROWS rows. */
function createBatcher(client: RawClient, table: PgTable, columns: PgColumn[]) {
  let data: unknown[][] = columns.map(() => []);
  let total = 0;
  const flush = async () => {
    await insertColumns(client, table, columns, data);
    total += data[0]?.length ?? 0;
    data = columns.map(() => []);
  };
  return {
    /** Writes the rows so far now (rows that others reference before the batch would fill). */
    flush,
    async push(...values: unknown[]) {
      for (let i = 0; i < columns.length; i += 1) (data[i] as unknown[]).push(values[i]);
      if ((data[0] as unknown[]).length >= BATCH_ROWS) await flush();
    },
    async done(): Promise<number> {
      await flush();
      return total;
    },
  };
}

function todayUtc(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Opens the database with an exclusive raw client (one PostgreSQL connection, or the PGlite instance). */
async function openRaw(database: Database): Promise<{ client: RawClient; release: () => void }> {
  const underlying = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = underlying as { connect(): Promise<RawClient & { release(): void }> };
    const connection = await pool.connect();
    // The bench size builds indexes over millions of rows: no per-statement timeout here.
    await connection.query('set statement_timeout = 0');
    return { client: connection, release: () => connection.release() };
  }
  return { client: underlying as RawClient, release: () => {} };
}

/**
 * Seeds a database with a deterministic catalogue (issue 9): users with a real password, glyphs with
 * dot-matrix preview images stored like uploads, likes/views/downloads as dedup rows whose counters
 * equal their row counts (SECURITY I1/I2), requests in every status (I4) and glyphsCount = live
 * glyphs (I7). Everything runs in one transaction.
 * @throws NotEmptyError when the database has users or glyphs and `force` is not set.
 */
export async function seedDatabase(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const size = SIZES[options.size];
  const rng = createRng(options.seed ?? 20_260_101);
  const anchor = (options.anchor ?? todayUtc()).getTime();
  const password = options.password ?? DEFAULT_PASSWORD;
  const timings: Record<string, number> = {};
  const started = performance.now();
  let mark = started;
  const lap = (label: string) => {
    const now = performance.now();
    timings[label] = Math.round(now - mark);
    log(`  ${label}: ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };

  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    poolMax: 2,
    statementTimeoutMs: 3_600_000,
  });
  const imagesDir = path.join(options.dataDir, 'files', 'images');
  const apksDir = path.join(options.dataDir, 'files', 'apks');
  const { client, release } = await openRaw(database);
  try {
    await runMigrations(database);
    lap('migrate');
    const existing = await client.query(
      `select (select count(*) from "${getTableConfig(users).name}")::int as users, (select count(*) from "${getTableConfig(glyphs).name}")::int as glyphs`,
    );
    const row = existing.rows[0] as { users: number; glyphs: number };
    if (row.users > 0 || row.glyphs > 0) {
      if (!options.force) {
        throw new NotEmptyError(
          `The database already has ${row.users} users and ${row.glyphs} glyphs. Seed an empty database, or pass --force to delete everything in it first.`,
        );
      }
      // --force: remove the stored image files of the rows about to go (SECURITY I5), then every row.
      const old = await client.query(
        `select "${files.filename.name}" as filename, "${files.thumbnail.name}" as thumbnail, "${files.type.name}" as type from "${getTableConfig(files).name}"`,
      );
      for (const file of old.rows as { filename: string; thumbnail: string | null; type: string }[]) {
        const preview = file.type === 'animations' ? file.filename.replace(/\.glya$/, '-preview.gif') : null;
        for (const name of [file.filename, file.thumbnail, preview]) {
          if (name && /^[A-Za-z0-9._-]+$/.test(name) && /^[a-z]+$/.test(file.type))
            fs.rmSync(path.join(options.dataDir, 'files', file.type, name), { force: true });
        }
      }
      await client.query(`truncate "${getTableConfig(users).name}" cascade`);
      log(`  --force: deleted ${row.users} users and ${row.glyphs} glyphs`);
    }
    const hashPassword = await loadHashPassword();
    const passwordHash = await hashPassword(password);
    await client.query('begin');
    // Bulk-load pattern: drop the secondary indexes of the tables we fill, load, then rebuild them from
    // their saved definitions (one sort per index instead of millions of b-tree inserts). Constraint
    // indexes (primary keys, uniques) stay so duplicates would still fail loudly. All in this transaction.
    const filled = [users, accounts, files, glyphs, glyphLikes, glyphViews, glyphDownloads, glyphRequests].map(
      (t) => getTableConfig(t).name,
    );
    const secondary = (
      await client.query(
        `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1::text[])
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        [filled],
      )
    ).rows as { name: string; def: string }[];
    for (const index of secondary) await client.query(`drop index "${index.name}"`);
    // The daily statistics roll-ups are rebuilt once from the loaded events instead of one trigger upsert per row.
    for (const [table, trigger] of STATS_TRIGGERS) await client.query(`alter table "${table}" disable trigger "${trigger}"`);

    // ── users and their credential accounts ──
    const userIds: string[] = [];
    const usernames: string[] = [];
    const emails: string[] = [];
    const userCreated: number[] = [];
    const userBatch = createBatcher(client, users, [
      users.id,
      users.name,
      users.email,
      users.emailVerified,
      users.username,
      users.bio,
      users.website,
      users.location,
      users.isAdmin,
      users.isSuperAdmin,
      users.glyphsCount,
      users.createdAt,
      users.updatedAt,
    ]);
    const accountBatch = createBatcher(client, accounts, [
      accounts.id,
      accounts.accountId,
      accounts.providerId,
      accounts.userId,
      accounts.password,
      accounts.createdAt,
      accounts.updatedAt,
    ]);
    const glyphsPerUser = new Array<number>(size.users).fill(0);
    // Creators own a skewed share of the catalogue (the first creators have the biggest storefronts).
    const creatorOf = (r: Rng) => 1 + Math.min(size.creators - 1, Math.floor(size.creators * r.next() ** 2));
    const glyphCreator = Array.from({ length: size.glyphs }, () => creatorOf(rng));
    const glyphDeleted = Array.from({ length: size.glyphs }, () => rng.chance(size.deletedShare));
    glyphCreator.forEach((creator, g) => {
      if (!glyphDeleted[g]) glyphsPerUser[creator] = (glyphsPerUser[creator] ?? 0) + 1;
    });
    for (let u = 0; u < size.users; u += 1) {
      const id = rng.id32();
      const isAdmin = u === 0;
      const username = isAdmin ? 'admin' : makeUsername(rng, u);
      const email = isAdmin ? ADMIN_EMAIL : `${username.toLowerCase()}@example.com`;
      const created = anchor - (size.spanDays + 30 + rng.next() * 90) * DAY;
      userIds.push(id);
      usernames.push(username);
      emails.push(email);
      userCreated.push(created);
      const iso = new Date(created).toISOString();
      await userBatch.push(
        id,
        isAdmin ? 'Glyphary Admin' : makeDisplayName(rng),
        email,
        true,
        username,
        isAdmin ? 'I keep the catalogue tidy.' : makeBio(rng),
        '',
        '',
        isAdmin,
        isAdmin,
        glyphsPerUser[u] ?? 0,
        iso,
        iso,
      );
      await accountBatch.push(rng.id32(), id, 'credential', id, passwordHash, iso, iso);
    }
    const userCount = await userBatch.done();
    await accountBatch.done();
    lap('users');

    // ── images: rendered per glyph (demo) or a shared set (bench), stored like uploads ──
    fs.mkdirSync(imagesDir, { recursive: true });
    fs.mkdirSync(apksDir, { recursive: true });
    const fileBatch = createBatcher(client, files, [
      files.id,
      files.ownerId,
      files.type,
      files.filename,
      files.thumbnail,
      files.originalName,
      files.mimeType,
      files.size,
      files.sha256,
      files.width,
      files.height,
      files.status,
      files.createdAt,
      files.apkReport,
    ]);
    const writeImage = async (ownerIndex: number, label: string, created: number): Promise<string> => {
      const id = rng.uuid();
      const image = await encodeMatrix(renderMatrix(makePattern(rng)));
      fs.writeFileSync(path.join(imagesDir, `${id}.webp`), image.full);
      fs.writeFileSync(path.join(imagesDir, `${id}-thumb.webp`), image.thumb);
      await fileBatch.push(
        id,
        userIds[ownerIndex],
        'images',
        `${id}.webp`,
        `${id}-thumb.webp`,
        `${slugOf(label) || 'glyph'}.png`,
        'image/webp',
        image.full.length,
        image.sha256,
        IMAGE_SIZE,
        IMAGE_SIZE,
        'ready',
        new Date(created).toISOString(),
        null,
      );
      return `/api/files/images/${id}.webp`;
    };
    // ── animations (issue 16): generated per glyph, stored like uploads (GLYA + poster + preview) ──
    const animationsDir = path.join(options.dataDir, 'files', 'animations');
    const animationBatch = createBatcher(client, animations, [
      animations.fileId,
      animations.filename,
      animations.poster,
      animations.preview,
      animations.matrixSize,
      animations.frameCount,
      animations.durationMs,
      animations.flashing,
      animations.flashAtMs,
    ]);
    let animationCount = 0;
    // A separate generator, so the rest of the catalogue stays identical to seeds without animations.
    const animationRng = createRng((options.seed ?? 20_260_101) ^ 0x16);
    const writeAnimation = async (ownerIndex: number, glyphIndex: number, label: string, created: number): Promise<string> => {
      fs.mkdirSync(animationsDir, { recursive: true });
      // Every kind in turn, so neighbours differ; every 15th glyph strobes so the warning shows.
      const kinds = ANIMATION_KINDS.filter((kind) => kind !== 'strobe');
      const kind = glyphIndex % 15 === 7 ? 'strobe' : kinds[glyphIndex % kinds.length]!;
      const animation = makeAnimation(kind, animationRng);
      const id = animationRng.uuid();
      const bytes = encodeAnimation(animation);
      const flash = checkFlashing(animation);
      const poster = await renderPoster(animation);
      const preview = flash.flashing ? null : await renderPreview(animation);
      fs.writeFileSync(path.join(animationsDir, `${id}.glya`), bytes);
      fs.writeFileSync(path.join(animationsDir, `${id}-poster.webp`), poster);
      if (preview) fs.writeFileSync(path.join(animationsDir, `${id}-preview.gif`), preview);
      await fileBatch.push(
        id,
        userIds[ownerIndex],
        'animations',
        `${id}.glya`,
        `${id}-poster.webp`,
        `${slugOf(label) || 'glyph'}-${kind}.json`,
        'application/octet-stream',
        bytes.length,
        createHash('sha256').update(bytes).digest('hex'),
        animation.size,
        animation.size,
        'ready',
        new Date(created).toISOString(),
        null,
      );
      const durationMs = animation.frames.reduce((sum, frame) => sum + frame.durationMs, 0);
      await animationBatch.push(id, `${id}.glya`, `${id}-poster.webp`, preview ? `${id}-preview.gif` : null, animation.size, animation.frames.length, durationMs, flash.flashing, flash.flashAtMs);
      animationCount += 1;
      return id;
    };
    // Issue 15: real toy APKs for the demo, from the shared builder, analysed by the server's own
    // analyser (the stored report is what an upload would have stored). A separate generator keeps
    // the rest of the catalogue identical to earlier seeds.
    const apkRng = createRng((options.seed ?? 20_260_101) ^ 0x15);
    const signers = new Map<number, Signer>();
    const writeToyApk = async (ownerIndex: number, title: string, created: number): Promise<ToyApk> => {
      const id = apkRng.uuid();
      let signer = signers.get(ownerIndex);
      if (!signer) {
        signer = await createSigner(usernames[ownerIndex] ?? 'Glyph maker', 'Glyphary demo', 'ec');
        signers.set(ownerIndex, signer);
      }
      const slug = slugOf(title) || 'toy';
      const toyCount = apkRng.int(1, 2);
      const spec = {
        packageName: `com.glyphary.demo.${slug.replace(/-/g, '').slice(0, 30) || 'toy'}${ownerIndex}`,
        versionName: `1.${apkRng.int(0, 9)}.${apkRng.int(0, 9)}`,
        versionCode: apkRng.int(1, 40),
        permissions: [GLYPH_ENABLE, ...(apkRng.chance(0.5) ? ['android.permission.INTERNET'] : []), ...(apkRng.chance(0.2) ? ['android.permission.ACCESS_COARSE_LOCATION'] : []), ...(apkRng.chance(0.4) ? ['android.permission.VIBRATE'] : [])],
        toys: Array.from({ length: toyCount }, (_, i) => ({
          service: `.Toy${i + 1}`,
          name: i === 0 ? title : `${title} (night)`,
          summary: i === 0 ? `${title} on the Glyph Matrix` : 'A dimmer variant for the dark',
          longpress: apkRng.chance(0.5),
          aod: apkRng.chance(0.4),
          seed: apkRng.int(0, 50),
        })),
      };
      const apkPath = path.join(apksDir, `${id}.apk`);
      fs.writeFileSync(apkPath, await signApk(buildApkEntries(spec), signer));
      const { report, previews } = await analyseApk(apkPath);
      for (const [index, bytes] of previews.entries()) {
        const toy = report.toys[index];
        if (!bytes || !toy) continue;
        const previewId = apkRng.uuid();
        const source = path.join(apksDir, `${previewId}.png.part`);
        fs.writeFileSync(source, bytes);
        const target = path.join(imagesDir, `${previewId}.webp`);
        const image = await processImage(source, target, path.join(imagesDir, `${previewId}-thumb.webp`));
        fs.rmSync(source, { force: true });
        const full = fs.readFileSync(target);
        await fileBatch.push(previewId, userIds[ownerIndex], 'images', `${previewId}.webp`, `${previewId}-thumb.webp`, `toy-preview-${index + 1}.webp`, 'image/webp', full.length, createHash('sha256').update(full).digest('hex'), image.width, image.height, 'ready', new Date(created).toISOString(), null);
        toy.imageUrl = `/api/files/images/${previewId}.webp`;
      }
      await fileBatch.push(id, userIds[ownerIndex], 'apks', `${id}.apk`, null, `${slug}.apk`, 'application/vnd.android.package-archive', report.size, report.sha256, null, null, 'ready', new Date(created).toISOString(), JSON.stringify(report));
      return { url: `/api/files/apks/${id}.apk`, id, report };
    };
    const sharedApks: ToyApk[] = [];
    for (let i = 0; i < (size.sharedApks ?? 0); i += 1) sharedApks.push(await writeToyApk(1, `Shared toy ${i + 1}`, userCreated[1] ?? anchor));
    const shared: string[] = [];
    for (let i = 0; i < (size.sharedImages ?? 0); i += 1)
      shared.push(await writeImage(1, `pattern ${i + 1}`, userCreated[1] ?? anchor));
    // Drawn from the animation generator only, so the rest of the catalogue is unchanged by them.
    const sharedAnimations: string[] = [];
    for (let i = 0; i < (size.sharedAnimations ?? 0); i += 1)
      sharedAnimations.push(await writeAnimation(1, i, `animation ${i + 1}`, userCreated[1] ?? anchor));
    // Glyph batches flush before the file batch fills: the shared animations' rows must exist first.
    if (sharedAnimations.length > 0) {
      await fileBatch.flush();
      await animationBatch.flush();
    }

    // ── glyphs, with counters equal to the event rows inserted below (I1, I2) ──
    const popularity = skewedWeights(rng, size.glyphs);
    const jitter = (w: number) => w * Math.exp(0.35 * rng.gauss());
    const viewActors = size.users + size.anonActors;
    const viewCounts = distribute(rng, popularity.map(jitter), size.views, viewActors);
    const likeCounts = distribute(rng, popularity.map(jitter), size.likes, size.users);
    const downloadCounts = distribute(rng, popularity.map(jitter), size.downloads, viewActors);
    const glyphIds: string[] = [];
    const glyphCreated: number[] = [];
    const firstReleases: { glyphId: string; apk: ToyApk; created: number }[] = [];
    // Its own generator, so categories leave the rest of the catalogue as it was.
    const tagRng = createRng((options.seed ?? 20_260_101) ^ 0x17);
    const glyphBatch = createBatcher(client, glyphs, [
      glyphs.id,
      glyphs.creatorId,
      glyphs.title,
      glyphs.description,
      glyphs.images,
      glyphs.animationFileId,
      glyphs.githubUrl,
      glyphs.apkUrl,
      glyphs.apkFileId,
      glyphs.instructions,
      glyphs.tags,
      glyphs.downloads,
      glyphs.views,
      glyphs.likes,
      glyphs.createdAt,
      glyphs.updatedAt,
      glyphs.deletedAt,
    ]);
    for (let g = 0; g < size.glyphs; g += 1) {
      const creator = glyphCreator[g] as number;
      const id = rng.uuid();
      const title = makeTitle(rng);
      const created = Math.max(userCreated[creator] as number, anchor - rng.next() * size.spanDays * DAY);
      const imageCount = rng.int(1, 3);
      const images: string[] = [];
      for (let i = 0; i < imageCount; i += 1)
        images.push(size.sharedImages ? rng.pick(shared) : await writeImage(creator, title, created));
      const animationFileId = size.animations
        ? await writeAnimation(creator, g, title, created)
        : sharedAnimations.length > 0
          ? (sharedAnimations[g % sharedAnimations.length] as string)
          : null;
      const apk =
        size.toyApkShare > 0 && apkRng.chance(size.toyApkShare)
          ? sharedApks.length > 0
            ? apkRng.pick(sharedApks)
            : await writeToyApk(creator, title, created)
          : null;
      // A glyph shared with an APK starts with it as release 1, as the upload service stores it.
      if (apk) firstReleases.push({ glyphId: id, apk, created });
      const iso = new Date(created).toISOString();
      const deletedAt = glyphDeleted[g] ? new Date(created + (anchor - created) / 2).toISOString() : null;
      glyphIds.push(id);
      glyphCreated.push(created);
      await glyphBatch.push(
        id,
        userIds[creator],
        title,
        makeDescription(rng, title),
        JSON.stringify(images),
        animationFileId,
        `https://github.com/${usernames[creator]}/${slugOf(title)}`,
        apk?.url ?? null,
        apk?.id ?? null,
        makeInstructions(rng),
        JSON.stringify(tagsFor(tagRng, title)),
        downloadCounts[g],
        viewCounts[g],
        likeCounts[g],
        iso,
        iso,
        deletedAt,
      );
    }
    const fileCount = await fileBatch.done();
    await animationBatch.done();
    const glyphCount = await glyphBatch.done();
    const releaseBatch = createBatcher(client, releases, [
      releases.glyphId,
      releases.fileId,
      releases.apkUrl,
      releases.size,
      releases.sha256,
      releases.packageName,
      releases.versionName,
      releases.versionCode,
      releases.signerSha256,
      releases.createdAt,
      releases.publishedAt,
    ]);
    for (const { glyphId, apk, created } of firstReleases) {
      const iso = new Date(created).toISOString();
      const { report } = apk;
      await releaseBatch.push(glyphId, apk.id, apk.url, report.size, report.sha256, report.packageName, report.versionName, report.versionCode, signerKey(report.signers), iso, iso);
    }
    const releaseCount = await releaseBatch.done();
    lap('glyphs and images');

    // ── event rows: one per (glyph, actor), never repeated (DESIGN §4.1) ──
    const anonActor = Array.from({ length: size.anonActors }, () => `ip:${rng.hex32()}`);
    const actorOf = (index: number): [string, string | null] =>
      index < size.users ? [`u:${userIds[index]}`, userIds[index] as string] : [anonActor[index - size.users] as string, null];
    const eventTime = (g: number) => backdate(rng, glyphCreated[g] as number, anchor);
    const insertEvents = async (table: typeof glyphViews | typeof glyphDownloads, counts: number[]) => {
      const batch = createBatcher(client, table, [table.glyphId, table.actor, table.userId, table.createdAt]);
      for (let g = 0; g < size.glyphs; g += 1) {
        for (const index of distinctIndices(rng, viewActors, counts[g] as number)) {
          const [actor, userId] = actorOf(index);
          await batch.push(glyphIds[g], actor, userId, eventTime(g));
        }
      }
      return batch.done();
    };
    const viewCount = await insertEvents(glyphViews, viewCounts);
    lap('views');
    const downloadCount = await insertEvents(glyphDownloads, downloadCounts);
    lap('downloads');
    const likeBatch = createBatcher(client, glyphLikes, [glyphLikes.userId, glyphLikes.glyphId, glyphLikes.createdAt]);
    for (let g = 0; g < size.glyphs; g += 1) {
      for (const index of distinctIndices(rng, size.users, likeCounts[g] as number))
        await likeBatch.push(userIds[index], glyphIds[g], eventTime(g));
    }
    const likeCount = await likeBatch.done();
    lap('likes');

    // ── requests in every status; open ⇔ unassigned (I4) ──
    const liveByCreator = new Map<number, string[]>();
    glyphCreator.forEach((creator, g) => {
      if (!glyphDeleted[g]) liveByCreator.set(creator, [...(liveByCreator.get(creator) ?? []).slice(-20), glyphIds[g] as string]);
    });
    const requestBatch = createBatcher(client, glyphRequests, [
      glyphRequests.id,
      glyphRequests.title,
      glyphRequests.description,
      glyphRequests.tags,
      glyphRequests.status,
      glyphRequests.userId,
      glyphRequests.assignedTo,
      glyphRequests.completedGlyphId,
      glyphRequests.createdAt,
      glyphRequests.updatedAt,
    ]);
    for (let r = 0; r < size.requests; r += 1) {
      const status = STATUSES[r % STATUSES.length] as (typeof STATUSES)[number];
      const requester = rng.int(1, size.users - 1);
      let assignee: number | null = null;
      if (status === 'in_progress' || status === 'completed') {
        assignee = creatorOf(rng);
        if (assignee === requester) assignee = requester === 1 ? 2 : 1;
      }
      const candidates = assignee === null ? [] : (liveByCreator.get(assignee) ?? []);
      const completedGlyph = status === 'completed' && candidates.length > 0 ? rng.pick(candidates) : null;
      const request = makeRequest(rng);
      const created = anchor - rng.next() * Math.min(size.spanDays, 90) * DAY;
      const updated = new Date(created + (anchor - created) * (status === 'open' ? 0 : rng.next())).toISOString();
      await requestBatch.push(
        rng.uuid(),
        request.title,
        request.description,
        JSON.stringify(request.tags),
        status,
        userIds[requester],
        assignee === null ? null : userIds[assignee],
        completedGlyph,
        new Date(created).toISOString(),
        updated,
      );
    }
    const requestCount = await requestBatch.done();
    lap('requests');
    await client.query("set local maintenance_work_mem = '128MB'");
    for (const index of secondary) await client.query(index.def);
    lap(`rebuild ${secondary.length} indexes`);
    await client.query('select stats_rebuild_rollups()');
    for (const [table, trigger] of STATS_TRIGGERS) await client.query(`alter table "${table}" enable trigger "${trigger}"`);
    lap('statistics roll-ups');

    await client.query('commit');
    lap('commit');
    await client.query('analyze');
    lap('analyze');
    const invariants = await checkInvariants(client);
    lap('verify');

    const order = popularity
      .map((w, g) => [w, g] as const)
      .filter(([, g]) => !glyphDeleted[g])
      .sort((a, b) => b[0] - a[0]);
    const topCreatorIndex = glyphsPerUser.reduce((best, n, u) => (n > (glyphsPerUser[best] ?? 0) ? u : best), 1);
    return {
      size: options.size,
      database: database.kind,
      counts: {
        users: userCount,
        glyphs: glyphCount,
        files: fileCount - animationCount,
        animations: animationCount,
        views: viewCount,
        likes: likeCount,
        downloads: downloadCount,
        requests: requestCount,
        releases: releaseCount,
      },
      timingsMs: timings,
      totalMs: Math.round(performance.now() - started),
      password,
      adminEmail: ADMIN_EMAIL,
      sample: {
        glyphIds: order.slice(0, 200).map(([, g]) => glyphIds[g] as string),
        topCreator: { id: userIds[topCreatorIndex] as string, username: usernames[topCreatorIndex] as string },
        userEmails: emails.slice(1, 201),
      },
      invariants,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    release();
    await database.close();
  }
}

/** Counts violations of SECURITY I1, I2, I4 and I7 (all must be 0) with a few grouped scans.
 * I4 as DESIGN §4.5 applies it: open ⇒ unassigned, in_progress/completed ⇒ assigned; cancelled may be either. */
export async function checkInvariants(client: RawClient): Promise<Record<string, number>> {
  const one = async (text: string) => Number((await client.query(text)).rows[0]?.n ?? -1);
  const counter = (table: string, column: string) =>
    one(
      `select count(*)::int as n from glyphs g left join (select glyph_id, count(*)::int as c from ${table} group by glyph_id) e on e.glyph_id = g.id where g.${column} <> coalesce(e.c, 0)`,
    );
  return {
    I1_likes: await counter('glyph_likes', 'likes'),
    I2_views: await counter('glyph_views', 'views'),
    I2_downloads: await counter('glyph_downloads', 'downloads'),
    I4_requests: await one(
      `select count(*)::int as n from glyph_requests where (status = 'open' and assigned_to is not null) or (status in ('in_progress', 'completed') and assigned_to is null)`,
    ),
    R1_apk_without_release: await one(
      `select count(*)::int as n from glyphs g where g.apk_url is not null and not exists (select 1 from releases r where r.glyph_id = g.id and r.state = 'published')`,
    ),
    I7_glyphs_count: await one(
      `select count(*)::int as n from users u left join (select creator_id, count(*)::int as c from glyphs where deleted_at is null group by creator_id) g on g.creator_id = u.id where u.glyphs_count <> coalesce(g.c, 0)`,
    ),
  };
}
