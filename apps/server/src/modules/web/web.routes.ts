import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PRODUCT_NAME } from '@glyphary/shared';

/** Page metadata rendered into index.html so shared links preview (Open Graph, Twitter). */
export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
  type?: 'website' | 'article' | 'profile';
}

/** Resolves metadata for a path (e.g. /glyph/{id}); null when it does not apply. */
export type MetaResolver = (pathname: string, request: FastifyRequest) => Promise<PageMeta | null>;

const DEFAULT_META: PageMeta = {
  title: `${PRODUCT_NAME} — Glyph Toys for Nothing Phone`,
  description: 'Discover, share and request Glyph Toys: community light patterns for the Nothing Phone Glyph Matrix.',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Builds the <head> tags for a page; every value is escaped (SECURITY "Rendering"). */
export function renderMetaTags(meta: PageMeta, url: string, publicUrl: string): string {
  const image = meta.image ? new URL(meta.image, publicUrl).href : null;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(image)}" />`, `<meta name="twitter:image" content="${escapeHtml(image)}" />`);
  }
  return tags.join('\n    ');
}

/**
 * Serves the built SPA: hashed assets with immutable caching, and index.html (with per-page meta)
 * for every other GET that is not under /api (history fallback).
 */
export async function webRoutes(app: FastifyInstance, options: { distDir: string; publicUrl: string; metaResolvers: MetaResolver[] }) {
  const indexPath = path.join(options.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const template = hasBuild
    ? fs.readFileSync(indexPath, 'utf8')
    : `<!doctype html><html lang="en"><head><meta charset="utf-8" /><!--app-head--></head><body><p>The web app is not built yet: run <code>npm run build</code>.</p></body></html>`;

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change under the same name; everything else revalidates hourly.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
        else void reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  async function renderIndex(request: FastifyRequest): Promise<string> {
    const pathname = request.url.split('?')[0] ?? '/';
    let meta: PageMeta = DEFAULT_META;
    for (const resolve of options.metaResolvers) {
      try {
        const found = await resolve(pathname, request);
        if (found) {
          meta = found;
          break;
        }
      } catch (error) {
        request.log.warn({ err: error }, 'meta resolver failed');
      }
    }
    const url = new URL(pathname, options.publicUrl).href;
    return template.replace('<!--app-head-->', renderMetaTags(meta, url, options.publicUrl));
  }

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({ error: `Route GET ${pathname} not found`, code: 'NOT_FOUND' });
    }
    if (hasBuild && /\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await renderIndex(request));
  });
}
