import type { PGlite } from '@electric-sql/pglite';

/**
 * Plan reuse for PGlite. PGlite sends every query as an unnamed statement, so
 * PostgreSQL plans it again on each call — and in WebAssembly planning costs more than running a
 * short query (the glyph page's four-table join: 1.3 ms to plan, 0.7 ms to run). node-postgres
 * keeps named statements for the same reason (search.index.ts). This does the same for PGlite:
 * a read query text seen a second time is `PREPARE`d once per database session, and later calls run
 * `EXECUTE name('value', …)`, after which PostgreSQL chooses between custom and generic plans as it
 * does for any prepared statement.
 *
 * The values travel as quoted literals of unknown type, which PostgreSQL coerces to the parameter
 * types it inferred — the same text a bind message carries (PGlite binds values as text), so the
 * results and the errors are the same. Only plain `select` statements outside a transaction are
 * prepared (a transaction's queries go through its own handle), and only with string, finite
 * number, boolean or null values, or flat arrays of them (the `= any($1::uuid[])` reads of search cards
 * and glyph pages); anything else goes out as before.
 */

/** Prepared statements kept per database; past it, new query texts are no longer prepared. */
const MAX_STATEMENTS = 500;
/** A text is prepared on its second use, so one-off queries (an IN list of a rare size) never are. */
const PREPARE_ON_USE = 2;

type Query = PGlite['query'];

const wrapped = new WeakSet<PGlite>();

/** A value as PGlite would send it in a bind message, quoted as a literal; null when it cannot be. */
function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? "'t'" : "'f'";
  if (typeof value === 'number') return Number.isFinite(value) ? `'${String(value)}'` : null;
  if (typeof value === 'string') {
    // standard_conforming_strings is on (PostgreSQL's default): a quote is the only character to double.
    return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`;
  }
  if (Array.isArray(value)) {
    const body = arrayBody(value);
    return body === null ? null : `'${body.replaceAll("'", "''")}'`;
  }
  return null;
}

/**
 * A flat array as PostgreSQL's array input reads it (`{"a","b",NULL}`), or null for what it cannot be (a
 * nested array, an object, a NUL). Every element is double-quoted, so a string such as `NULL`, `a,b` or `{`
 * stays that string; inside the quotes only `"` and `\` are escaped.
 */
function arrayBody(values: readonly unknown[]): string | null {
  const items: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) {
      items.push('NULL');
      continue;
    }
    let text: string;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'boolean') text = value ? 't' : 'f';
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
    else return null;
    if (text.includes('\0')) return null;
    items.push(`"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  }
  return `{${items.join(',')}}`;
}

export function reusePglitePlans(client: PGlite): void {
  if (wrapped.has(client)) return;
  wrapped.add(client);
  const query = client.query.bind(client) as Query;
  const uses = new Map<string, number>();
  /** Query text → its statement's name once prepared (a promise while PREPARE runs). */
  const statements = new Map<string, Promise<string | null>>();
  let count = 0;

  function statementFor(text: string): Promise<string | null> | null {
    const known = statements.get(text);
    if (known) return known;
    if (count >= MAX_STATEMENTS) return null;
    const seen = (uses.get(text) ?? 0) + 1;
    if (seen < PREPARE_ON_USE) {
      if (uses.size > 10_000) uses.clear();
      uses.set(text, seen);
      return null;
    }
    uses.delete(text);
    count += 1;
    const name = `glyphary_q${count}`;
    const preparing = client.exec(`prepare ${name} as ${text}`).then(
      () => name,
      // A text PostgreSQL will not prepare (or a failure meanwhile) keeps going out unnamed.
      () => null,
    );
    statements.set(text, preparing);
    return preparing;
  }

  const reusing = async (text: string, params?: unknown[], options?: Parameters<Query>[2]) => {
    const candidate = /^\s*select\s/i.test(text) ? statementFor(text) : null;
    const name = candidate ? await candidate : null;
    const values = name ? (params ?? []).map(literalOf) : null;
    if (!name || !values || values.includes(null)) return query(text, params, options);
    return query(values.length === 0 ? `execute ${name}` : `execute ${name}(${values.join(', ')})`, [], options);
  };
  client.query = reusing as Query;
}
