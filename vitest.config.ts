import { defineConfig } from 'vitest/config';

// One Vitest run with four projects: shared unit, bench harness unit, server (unit + API integration), web components.
// No project re-imports its modules for each test file (isolate: false): no test mocks modules, and each
// file builds its own apps, databases and renders; the load was most of each run on the 2-core machine.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        test: { name: 'bench', include: ['bench/src/**/*.test.ts', 'scripts/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 300_000, environment: 'node', isolate: false },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // The server's files share no module state (no vi.mock; each file builds its own apps on its own
          // database), so a worker keeps the imported server between files instead of loading it again
          // for each of the 61: 272 → 164 s for the PGlite leg on the 2-core machine.
          isolate: false,
        },
      },
      'apps/web/vitest.config.{ts,mts}',
    ],
  },
});
