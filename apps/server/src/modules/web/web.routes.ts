import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BOOT_NOT_FOUND_KEY, BOOT_PARTS_KEY, BOOT_QUERIES_KEY, matchPage, PRODUCT_NAME } from '@glyphary/shared';
import type { MetaResolver, PageMeta } from './page-meta.ts';
import { pageKnownMissing, pageModule, pagePreloads, routeChunks, SESSION_PATH, type ViteManifest } from './page-preloads.ts';

/** The site-wide feed of the newest glyphs (issue 18), announced on every page. */
export const LATEST_FEED = { title: `Newest Glyph Toys — ${PRODUCT_NAME}`, href: '/feeds/latest.atom' };

const DEFAULT_META: PageMeta = {
  title: `${PRODUCT_NAME} — Glyph Toys for Nothing Phone`,
  description: 'Discover, share and request Glyph Toys: community light patterns for the Nothing Phone Glyph Matrix.',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * The page's canonical address: PUBLIC_URL plus the request path with repeated slashes collapsed
 * (issue 21: `//evil.com/x` resolved as a protocol-relative URL and made evil.com the canonical host).
 */
export function canonicalUrl(publicUrl: string, pathname: string): string {
  const path = `/${pathname.replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
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
  for (const feed of [...(meta.feeds ?? []), LATEST_FEED]) {
    tags.push(`<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(new URL(feed.href, publicUrl).href)}" />`);
  }
  if (image) {
    tags.push(`<meta property="og:image" content="${escapeHtml(image)}" />`, `<meta name="twitter:image" content="${escapeHtml(image)}" />`);
  }
  return tags.join('\n    ');
}

/** Embeds JSON in a <script type="application/json">: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The session answer as the page may carry it: the user and the session's id and expiry, never
 * the session token (the cookie stays the only place it lives; SECURITY "Sessions").
 */
function sessionForPage(body: unknown): unknown {
  if (!body || typeof body !== 'object') return null;
  const { session, user } = body as { session?: { id?: unknown; expiresAt?: unknown }; user?: unknown };
  if (!session || !user) return null;
  return { session: { id: session.id, expiresAt: session.expiresAt }, user };
}

/** A pre-render takes ~2 ms; one that has not answered by then is abandoned for the client-rendered page. */
const PRERENDER_TIMEOUT_MS = 1000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
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

  const manifestPath = path.join(options.distDir, '.vite', 'manifest.json');
  // The server build of the same app (apps/web `npm run build`: dist-server/ beside dist/), used to
  // pre-render pages (docs/decisions/0014-prerendered-pages.md). Without it pages start empty.
  const ssrEntry = path.resolve(options.distDir, '..', 'dist-server', 'entry-server.js');
  const prerender =
    hasBuild && fs.existsSync(ssrEntry)
      ? ((await import(pathToFileURL(ssrEntry).href)) as { renderPage: (url: string, boot: Record<string, unknown>) => Promise<{ html: string; queries: unknown; parts: string[] }> }).renderPage
      : null;
  const manifest: ViteManifest = hasBuild && fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ViteManifest) : {};

  // Every page heading is set in the dot-matrix display face: preloaded, a pre-rendered heading paints
  // in it at once instead of in a fallback that the font then replaces (a second, later paint).
  const assetsDir = path.join(options.distDir, 'assets');
  const preloadFonts = hasBuild && fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir).filter((file) => /^doto-latin-700-normal-[\w-]+\.woff2$/.test(file)) : [];

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The web build writes `.br` and `.gz` beside scripts, styles and SVGs: sent as they are when the
      // browser takes them, so @fastify/compress leaves them alone.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change under the same name; everything else revalidates hourly.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
        else void reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  /**
   * The API answers the page asks for first, fetched in-process through the real routes (their
   * caches, validation and limits, as the caller) and embedded so the first render needs no round
   * trip (docs/decisions/0013-page-boot-data.md). 200 answers are embedded, and 404s under
   * BOOT_NOT_FOUND_KEY: the page then shows its not-found view without asking again.
   */
  async function bootData(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<Record<string, unknown>> {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const headers: Record<string, string> = {};
    for (const name of ['cookie', 'authorization', 'user-agent'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const data: Record<string, unknown> = {};
    const missing = pageKnownMissing(pathname);
    if (missing) data[BOOT_NOT_FOUND_KEY] = { ...missing };
    // A visitor without credentials is signed out: no need to ask.
    const urls = headers.cookie || headers.authorization ? [SESSION_PATH] : [];
    if (urls.length === 0) data[SESSION_PATH] = null;
    urls.push(...pagePreloads(pathname, query));
    await Promise.all(
      urls.map(async (url) => {
        const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
        if (url === SESSION_PATH) {
          // The session lookup may refresh the session cookie: pass it on as the API call would have.
          const cookies = answer.headers['set-cookie'];
          if (cookies) void reply.header('set-cookie', cookies);
        }
        if (answer.statusCode === 404 && url !== SESSION_PATH) {
          const body = (answer.body ? JSON.parse(answer.body) : {}) as { error?: unknown; code?: unknown };
          const notFound = (data[BOOT_NOT_FOUND_KEY] ??= {}) as Record<string, { error: string; code: string }>;
          notFound[url] = { error: typeof body.error === 'string' ? body.error : 'Not found', code: typeof body.code === 'string' ? body.code : 'NOT_FOUND' };
        }
        if (answer.statusCode !== 200) return;
        const body: unknown = answer.body ? JSON.parse(answer.body) : null;
        data[url] = url === SESSION_PATH ? sessionForPage(body) : body;
      }),
    );
    return data;
  }

  /** The page and whether it is a not-found one: an unknown path, or a page whose own record answered 404. */
  async function renderIndex(request: FastifyRequest, reply: FastifyReply): Promise<{ html: string; notFound: boolean }> {
    const pathname = request.url.split('?')[0] ?? '/';
    let notFound = (matchPage(pathname)?.page.module ?? 'not-found') === 'not-found' || pageKnownMissing(pathname) !== null;
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
    const url = canonicalUrl(options.publicUrl, pathname);
    const head = [renderMetaTags(meta, url, options.publicUrl)];
    // After the entry script and stylesheet: the page's own chunks and image are fetched next.
    const tail: string[] = [];
    let body = '';
    let prerendered = false;
    if (hasBuild) {
      let boot: Record<string, unknown> = {};
      try {
        boot = await bootData(request, reply, pathname);
      } catch (error) {
        // The page works without it: the client fetches what is missing.
        request.log.warn({ err: error }, 'page boot data failed');
      }
      if (boot[BOOT_NOT_FOUND_KEY]) notFound = true;
      const routeModule = pageModule(pathname);
      // A not-found page is small and its answer is already known: served at once, rendered in the
      // browser (a pre-render would fail its missing query and wait for the timeout).
      if (prerender && routeModule && !notFound) {
        try {
          const page = await withTimeout(prerender(request.url, boot), PRERENDER_TIMEOUT_MS);
          body = page.html;
          prerendered = true;
          // The answers now live in the rendered query cache; only the session is still read by URL. The
          // lazily loaded parts the page drew are loaded before it hydrates (a click on one is not lost).
          boot = { [SESSION_PATH]: boot[SESSION_PATH], [BOOT_QUERIES_KEY]: page.queries, [BOOT_PARTS_KEY]: page.parts };
        } catch (error) {
          request.log.warn({ err: error }, 'page pre-render failed');
        }
      }
      head.push(`<script id="glyphary-boot" type="application/json">${jsonForScript(boot)}</script>`);
      if (prerendered) for (const font of preloadFonts) head.push(`<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${escapeHtml(font)}" />`);
      if (meta.preloadImage) tail.push(`<link rel="preload" as="image" href="${escapeHtml(meta.preloadImage)}" fetchpriority="high" />`);
      const priority = prerendered ? ' fetchpriority="low"' : '';
      for (const file of routeModule ? routeChunks(manifest, routeModule) : []) tail.push(`<link rel="modulepreload" crossorigin${priority} href="/${escapeHtml(file)}" />`);
    }
    // A pre-rendered page is readable before its scripts run: they load at low priority, after the
    // stylesheet, fonts and the page's image, instead of competing with them for the first paint.
    const page = prerendered ? template.replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, '<$1 crossorigin fetchpriority="low" ') : template;
    // Function replacements: user text may contain `$&`-style patterns that a string replacement expands.
    const html = page
      .replace('<!--app-head-->', () => head.join('\n    '))
      .replace('</head>', () => `${tail.map((tag) => `  ${tag}\n`).join('')}  </head>`)
      // Inert until the app has hydrated it (apps/web/src/app/start.tsx): a click before then would go nowhere.
      .replace('<div id="root"></div>', () => (prerendered ? `<div id="root" inert data-prerendered>${body}</div>` : '<div id="root"></div>'));
    return { html, notFound };
  }

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({ error: `Route GET ${pathname} not found`, code: 'NOT_FOUND' });
    }
    if (hasBuild && /\.[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const { html, notFound } = await renderIndex(request, reply);
    // The page carries the caller's own session: never stored by a shared cache.
    return reply.status(notFound ? 404 : 200).type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').header('vary', 'Cookie').send(html);
  });
}
