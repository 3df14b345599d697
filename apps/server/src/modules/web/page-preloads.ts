import { apiUrl, matchPage, PAGE_KNOWN_MISSING, PAGE_PRELOADS, SESSION_API_PATH } from '@glyphary/shared';

/** The session call every page makes first (apps/web/src/features/auth/auth-api.ts). */
export const SESSION_PATH = apiUrl(SESSION_API_PATH);

/**
 * The public API GETs a page of the SPA makes as soon as it renders, as the shared page table
 * (packages/shared/src/pages.ts, page-preloads.ts) builds them with the web client's own URL builders. Their answers
 * are embedded in the page (docs/decisions/0013-page-boot-data.md).
 */
export function pagePreloads(pathname: string, query: URLSearchParams): string[] {
  const match = matchPage(pathname);
  return (match && PAGE_PRELOADS[match.page.module]?.(match.params, query)) ?? [];
}

/** The API 404s a page's first request would get, known from its address alone (no request made). */
export function pageKnownMissing(pathname: string): Record<string, { error: string; code: string }> | null {
  const match = matchPage(pathname);
  return (match && PAGE_KNOWN_MISSING[match.page.module]?.(match.params)) ?? null;
}

/**
 * The route module of a pre-rendered page as the Vite manifest names it: its chunk and the chunks it
 * imports are preloaded with the HTML instead of after the entry script runs.
 */
export function pageModule(pathname: string): string | null {
  const page = matchPage(pathname)?.page;
  return page?.prerendered ? `src/app/routes/${page.module}.tsx` : null;
}

/** The part of Vite's build manifest this module reads. */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The chunk files to `<link rel="modulepreload">` for a route module: the module's chunk and every
 * chunk it statically imports, minus those the entry (index.html) already loads.
 */
export function routeChunks(manifest: ViteManifest, moduleKey: string): string[] {
  const loadedByEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    into.add(key);
    for (const next of chunk.imports ?? []) walk(next, into);
  };
  walk('index.html', loadedByEntry);
  const needed = new Set<string>();
  walk(moduleKey, needed);
  return [...needed].filter((key) => !loadedByEntry.has(key)).map((key) => manifest[key]?.file ?? '').filter(Boolean);
}
