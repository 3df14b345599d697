// Lint: TypeScript rules plus the dependency rules of CONVENTIONS.md, enforced as import restrictions.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'data/**', 'e2e/.output/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', 'apps/server/drizzle/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  // Rule 1: shared is pure — zod only: no node:*, no DOM frameworks, no apps.
  {
    files: ['packages/shared/**/*.ts'],
    rules: restrict(['node:*', 'react', 'react-dom', '@glyphary/server', '@glyphary/web', '**/apps/**'], 'packages/shared may import zod only (CONVENTIONS rule 1)'),
  },
  // Shared unit tests never ship: they may read the repo's fixtures from disk.
  {
    files: ['packages/shared/**/*.test.ts'],
    rules: restrict(['react', 'react-dom', '@glyphary/server', '@glyphary/web', '**/apps/**'], 'packages/shared tests may import zod and node only (CONVENTIONS rule 1)'),
  },
  // Rule 1: the web bundle never contains server, database, auth-server or env code.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        ['@glyphary/server', '**/apps/server/**', 'drizzle-orm', 'drizzle-orm/*', 'pg', 'better-auth', 'better-auth/*', '@electric-sql/*', 'fastify', 'node:*'],
        'apps/web must not import server, database, auth-server or Node code (CONVENTIONS rule 1)',
      ),
    },
  },
  {
    files: ['apps/web/**/*.test.{ts,tsx}', 'apps/web/vitest.config.ts', 'apps/web/vite.config.ts', 'apps/web/src/test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // One import point for routing (decision 0031) and for data (decision 0036): react-router and
  // TanStack Query no longer ship, and a later merge that imports them again would put ~20 KB and
  // ~11 KB gzip back into every page's initial JavaScript.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/router.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: "Import routing from apps/web/src/lib/router.tsx (decision 0031)." },
            { name: 'react-router-dom', message: "Import routing from apps/web/src/lib/router.tsx (decision 0031)." },
            {
              name: '@glyphary/shared',
              importNames: ['MSG'],
              message: "Import the feature's texts (COMMON_MSG, GLYPH_MSG, …): MSG would put every text into every page (decision 0036).",
            },
          ],
          patterns: [
            {
              group: ['@glyphary/server', '**/apps/server/**', 'drizzle-orm', 'drizzle-orm/*', 'pg', 'better-auth', 'better-auth/*', '@electric-sql/*', 'fastify', 'node:*'],
              message: 'apps/web must not import server, database, auth-server or Node code (CONVENTIONS rule 1)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.test.{ts,tsx}', 'apps/web/vitest.config.ts', 'apps/web/vite.config.ts', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: 'Import routing from apps/web/src/lib/router.tsx (decision 0031).' },
          ],
        },
      ],
    },
  },
  // Rule 1: the server never imports the web app.
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict(['@glyphary/web', '**/apps/web/**'], 'apps/server must not import apps/web (CONVENTIONS rule 1)'),
  },
  // Rule 2: routes never touch Drizzle or tables; services never import Fastify or tables.
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: restrict(['drizzle-orm', 'drizzle-orm/*', '**/db/schema/**', '**/db/schema'], 'routes call services, never Drizzle or tables (CONVENTIONS rule 2)'),
  },
  {
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: restrict(['fastify', 'fastify/*', 'drizzle-orm', 'drizzle-orm/*', '**/db/schema/**', '**/db/schema'], 'services never import Fastify, Drizzle or tables (CONVENTIONS rule 2)'),
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
