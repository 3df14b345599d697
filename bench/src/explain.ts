/**
 * EXPLAIN check of the hot read queries (issue 9: "indexes checked with EXPLAIN"). It runs the real
 * repositories against the seeded PostgreSQL database through a Drizzle logger, captures the exact SQL
 * and parameters they send, and runs `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)` on each: execution
 * time, indexes used and any sequential scan of a big table. Read-only queries only.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import type { Db } from '../../apps/server/src/db/client.ts';

export interface ExplainRow {
  name: string;
  statements: number;
  executionMs: number;
  indexes: string[];
  seqScans: string[];
  error?: string;
}

// Not `files`: the bench seed shares 24 image rows, so scanning it is the right plan there.
const BIG_TABLES = new Set(['glyphs', 'users', 'glyph_views', 'glyph_likes', 'glyph_downloads', 'glyph_requests']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, indexes: Set<string>, seqScans: Set<string>): void {
  if (node['Index Name']) indexes.add(node['Index Name']);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && BIG_TABLES.has(node['Relation Name']))
    seqScans.add(node['Relation Name']);
  for (const child of node.Plans ?? []) walk(child, indexes, seqScans);
}

/**
 * Explains the queries behind home lists, storefront, detail, search and admin stats.
 * Never throws: a repository whose API changed is reported as an error row.
 */
export async function explainHotQueries(
  databaseUrl: string,
  sample: { glyphId: string; creatorId: string },
): Promise<ExplainRow[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Db;
  const cases: { name: string; run: () => Promise<unknown> }[] = [
    {
      name: 'home latest (listGlyphs latest 12)',
      run: async () =>
        (await import('../../apps/server/src/modules/discovery/discovery.repository.ts'))
          .createDiscoveryRepository(db)
          .listGlyphs({ sort: 'latest', limit: 13 }),
    },
    {
      name: 'home popular (listGlyphs popular 12)',
      run: async () =>
        (await import('../../apps/server/src/modules/discovery/discovery.repository.ts'))
          .createDiscoveryRepository(db)
          .listGlyphs({ sort: 'popular', limit: 13 }),
    },
    {
      name: 'storefront (listGlyphs creator 100)',
      run: async () =>
        (await import('../../apps/server/src/modules/discovery/discovery.repository.ts'))
          .createDiscoveryRepository(db)
          .listGlyphs({ sort: 'latest', limit: 101, creatorId: sample.creatorId }),
    },
    {
      name: 'storefront totals (creatorTotals)',
      run: async () =>
        (await import('../../apps/server/src/modules/discovery/discovery.repository.ts'))
          .createDiscoveryRepository(db)
          .creatorTotals(sample.creatorId),
    },
    {
      name: 'glyph detail (findById)',
      run: async () =>
        (await import('../../apps/server/src/modules/glyphs/glyphs.repository.ts'))
          .createGlyphsRepository(db)
          .findById(sample.glyphId),
    },
    {
      name: 'search "boot" (relevance 100)',
      run: async () =>
        (await import('../../apps/server/src/modules/search/search.repository.ts'))
          .createSearchRepository(db)
          .search({ term: 'boot', sort: 'relevance', limit: 100 }),
    },
    {
      name: 'search typo "animaton" (relevance 100)',
      run: async () =>
        (await import('../../apps/server/src/modules/search/search.repository.ts'))
          .createSearchRepository(db)
          .search({ term: 'animaton', sort: 'relevance', limit: 100 }),
    },
    {
      name: 'admin stats (stats)',
      run: async () =>
        (await import('../../apps/server/src/modules/admin/admin.repository.ts')).createAdminRepository(db).stats(),
    },
    {
      name: 'admin top glyphs (topGlyphs 5)',
      run: async () =>
        (await import('../../apps/server/src/modules/admin/admin.repository.ts')).createAdminRepository(db).topGlyphs(5),
    },
  ];
  const rows: ExplainRow[] = [];
  const client = await pool.connect();
  try {
    for (const c of cases) {
      captured = [];
      try {
        await c.run();
        const indexes = new Set<string>();
        const seqScans = new Set<string>();
        let executionMs = 0;
        // Replay the statements in a transaction that is rolled back: SET LOCAL and friends run as they
        // are, transaction control is ours, and only reads are explained.
        await client.query('begin');
        for (const statement of captured) {
          if (/^\s*(begin|commit|rollback|start transaction)\b/i.test(statement.query)) continue;
          if (!/^\s*(select|with|\()/i.test(statement.query)) {
            await client.query(statement.query, statement.params);
            continue;
          }
          const result = await client.query(`explain (analyze, buffers, format json) ${statement.query}`, statement.params);
          const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] })['QUERY PLAN'][0];
          if (!plan) continue;
          executionMs += plan['Execution Time'];
          walk(plan.Plan, indexes, seqScans);
        }
        await client.query('rollback');
        rows.push({ name: c.name, statements: captured.length, executionMs, indexes: [...indexes], seqScans: [...seqScans] });
      } catch (error) {
        await client.query('rollback').catch(() => {});
        const cause = (error as Error & { cause?: Error }).cause;
        rows.push({
          name: c.name,
          statements: captured.length,
          executionMs: 0,
          indexes: [],
          seqScans: [],
          error: (cause?.message ?? (error as Error).message).slice(0, 200),
        });
      }
    }
  } finally {
    client.release();
    await pool.end();
  }
  return rows;
}
