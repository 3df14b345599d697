import { fileURLToPath } from 'node:url';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

/**
 * Modules every page loads that the bundler, left to itself, puts in chunks of their own beside the
 * entry (they are also imported by lazily loaded pages): React, the JSX runtime, lucide's runtime, `cn`, the shared
 * constants and the common texts. Grouped, they are one file instead of six, each of which was
 * compressed on its own (~1 KB gzip per page). A module joins its chunk whole: a shared
 * module the shell imports brings along everything of it that any page uses (community.ts's texts
 * did, +1.3 KB on every page), so what the shell needs lives in small modules (constants.ts).
 */
const SHELL_MODULES = [
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  // lucide's runtime (not its icons): every page draws icons, and left alone it joined the player chunk.
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
  /[\\/]apps[\\/]web[\\/]src[\\/]lib[\\/]cn\.ts$/,
  /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](badge|skeleton|empty-state)\.tsx$/,
  /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/]use-opened-once\.ts$/,
  /[\\/]packages[\\/]shared[\\/]src[\\/]format[\\/]index\.ts$/,
  /[\\/]packages[\\/]shared[\\/]src[\\/](constants|messages[\\/]common)\.ts$/,
];

/**
 * The player cards and the hero draw, device badges and the icons every player page draws (the heart
 * of a like, download counts): one `glyph-player` chunk. The full player's controls
 * (glyph-player.tsx, player-controls.tsx) stay out: only the glyph page and previews use them. So
 * does the engine (engine.ts and what it alone imports: painter, frame clock, timeline), which
 * loads with the animation.
 */
const PLAYER_MODULES = /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/](glyph-player[\\/](?!glyph-player\.tsx|player-controls\.tsx|engine\.ts|painter\.ts|scheduler\.ts|timeline\.ts)|device-badges\.tsx$)|[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](heart|download|play|pause)\.mjs$/;

/**
 * The `shell` chunk: the app's own modules the entry imports statically (followed through
 * apps/web/src only: the shared package's barrel re-exports everything, and following it would
 * pull every page's shared code in), plus SHELL_MODULES. Their dependencies join them (Rolldown's
 * includeDependenciesRecursively).
 */
function shellOf(entry: string) {
  let shell: Set<string> | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!shell) {
      shell = new Set();
      const queue = [entry];
      while (queue.length > 0) {
        const next = queue.pop()!;
        for (const imported of ctx.getModuleInfo(next)?.importedIds ?? []) {
          if (!imported.includes('/apps/web/src/') || imported.endsWith('.css') || shell.has(imported)) continue;
          shell.add(imported);
          queue.push(imported);
        }
      }
    }
    return shell.has(id) || SHELL_MODULES.some((re) => re.test(id)) ? 'shell' : null;
  };
}

// The SPA is served by apps/server in production; in development Vite proxies /api to it.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Scripts, styles and pictures that compress, compressed once at build time: the
    // server sends `.br` (brotli at its best quality) or `.gz` (level 9) files as they are, instead of
    // compressing every request's copy at a fast, weaker level while the page waits for it.
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg)$/, threshold: 1024, skipIfLargerOrEqual: true, logLevel: 'silent' })]),
  ],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Never inline assets as data: URLs: the server's CSP allows fonts and scripts from 'self' only.
    assetsInlineLimit: 0,
    // Every browser the es2022 target covers supports <link rel="modulepreload">; the polyfill only
    // added to the initial JS (DESIGN §5 budget). index.html names the entry's chunks (the shell);
    // dynamic imports carry no dependency lists (~1.5 KB gzip per page): the server
    // names a page's chunks itself, and a later navigation fetches a route chunk, then its imports.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // dist/.vite/manifest.json: the server preloads a page's route chunks with the HTML.
    manifest: true,
    // No manual chunk groups any more: chunks follow the imports, so a page loads
    // only what it renders. The one `libs` chunk put zod, Radix and floating-ui in every page.
    // The one exception is the shell (above): what every page loads anyway, as one file.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: shellOf(fileURLToPath(new URL('./src/main.tsx', import.meta.url))) },
                // Every page with a player also draws the heart of a like (cards, the glyph page) and
                // device badges; left alone they were three files, each compressed on its own.
                { name: 'glyph-player', test: PLAYER_MODULES },
                // The search page's and the request board's small shared modules, which Rolldown left as
                // separate files each compressed on its own: the filter rows with the
                // control classes, and the browse filters with the tag normaliser they use.
                { name: 'filter-row', test: /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](filter-row\.tsx|control-classes\.ts)$|[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]search\.mjs$/ },
                { name: 'browse', test: /[\\/]packages[\\/]shared[\\/]src[\\/](browse[\\/]index|validation[\\/]request)\.ts$/ },
              ],
            },
          },
        },
  },
}));
