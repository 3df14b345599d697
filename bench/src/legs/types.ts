/**
 * What a benchmark leg is: a named set of endpoint scenarios. Each scenario is static (name, group,
 * fixed rates) so a saved report can be re-judged without a database, and builds its requests from
 * the seeded sample only when a run needs them.
 */
import type { ClientJob } from '../client.ts';
import type { SeedResult } from '../../../scripts/seed/seed-lib.ts';

export type Request = ClientJob['requests'][number];
export type Database = 'pglite' | 'postgres';

/** Which DESIGN §5 / SECURITY "Load" budgets judge a scenario (see judge.ts). */
export type Group =
  | 'home'
  | 'detail'
  | 'file'
  | 'storefront'
  | 'search'
  | 'search-typo'
  | 'search-varied'
  | 'search-browser'
  | 'write'
  | 'admin'
  | 'mix';

/** What the scenarios build their requests from: the seed's sample, signed-in users, the player's files. */
export interface Context {
  seed: SeedResult;
  /** glyph id → its `animation.url`, as the glyph page's player fetches it (issue 16). */
  animationUrls: Map<string, string>;
  userTokens: string[];
  adminToken: string | null;
}

export interface ScenarioSpec {
  name: string;
  group: Group;
  label: string | ((ctx: Context) => string);
  requests: (ctx: Context) => Request[];
  /** Fixed-arrival-rate runs (SECURITY "Load"), per database. */
  rates?: Partial<Record<Database, number>>;
  /** Connections start at different places in `requests` (distinct queries are not asked in step). */
  spread?: boolean;
  /**
   * No ceiling run: the ceiling replays the bytes captured per method and URL, with the probe's own
   * Accept-Encoding, so it cannot stand for a scenario whose answers depend on its request headers.
   */
  noCeiling?: boolean;
  /** Said in the report when the scenario has no requests (e.g. nobody could sign in). */
  emptyNote?: string;
}

/** A scenario with its requests built for one run. */
export interface Scenario {
  name: string;
  label: string;
  group: Group;
  requests: Request[];
  rates?: Partial<Record<Database, number>>;
  spread?: boolean;
  noCeiling?: boolean;
  emptyNote?: string;
}

export interface Leg {
  name: string;
  scenarios: ScenarioSpec[];
}

export const get = (path: string, headers?: Record<string, string>): Request => ({
  method: 'GET',
  path,
  ...(headers ? { headers } : {}),
});

export const json = (extra: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...extra });
