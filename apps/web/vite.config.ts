import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const require = createRequire(import.meta.url);
const reactRouterDir = path.dirname(require.resolve('react-router/package.json'));

// The SPA is served by apps/server in production; in development Vite proxies /api to it.
export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    // react-router's package exports point every bundler at its development build (extra warnings
    // and checks); production bundles use its production build instead.
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') }] : [],
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Never inline assets as data: URLs: the server's CSP allows fonts and scripts from 'self' only.
    assetsInlineLimit: 0,
    // Every browser the es2022 target covers supports <link rel="modulepreload">; the polyfill only
    // added to the initial JS (DESIGN §5 budget).
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: the server preloads a page's route chunks with the HTML (decision 0013).
    manifest: true,
    // Few, larger chunks: a mobile browser on HTTP/1.1 opens 6 connections per host, and a page that
    // needed 25 small chunks waited several round trips for them (Lighthouse, issue 9). All initial
    // modules form the entry; everything lazy from node_modules is one `libs` chunk; app modules
    // shared by two or more screens are one `common` chunk; each screen keeps its own code.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 20 },
            { name: 'libs', test: /node_modules/, priority: 10 },
            { name: 'common', test: /apps[/\\]web[/\\]src[/\\](components|lib|config)[/\\]|packages[/\\]shared/, minShareCount: 2, priority: 5 },
          ],
        },
      },
    },
  },
}));
