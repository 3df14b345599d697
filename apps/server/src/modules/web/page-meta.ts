import type { FastifyRequest } from 'fastify';

/**
 * The contract between the page shell and the modules that describe their pages: a module's route
 * plugin exports a `MetaResolver` (glyph pages, storefronts), `app.ts` hands them to the web routes.
 * Kept apart from `web.routes.ts` so route plugins depend on this small type file, not on the shell.
 */

/** Page metadata rendered into index.html so shared links preview (Open Graph, Twitter). */
export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
  /** The page's largest image, fetched with the scripts rather than after them (e.g. a glyph's first image). */
  preloadImage?: string | null;
  /** Atom feeds of this page (issue 18), announced with `<link rel="alternate">`; the site-wide feed is always added. */
  feeds?: { title: string; href: string }[];
}

/** Resolves metadata for a path (e.g. /glyph/{id}); null when it does not apply. */
export type MetaResolver = (pathname: string, request: FastifyRequest) => Promise<PageMeta | null>;
