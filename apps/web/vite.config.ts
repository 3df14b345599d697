import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The SPA is served by apps/server in production; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    // No manual chunk groups any more (decision 0031): chunks follow the imports, so a page loads
    // only what it renders. The one `libs` chunk put zod, Radix and floating-ui in every page.
  },
});
