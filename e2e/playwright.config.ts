import { defineConfig, devices } from '@playwright/test';
import { APP_PORT, BASE_URL } from './support/ports.ts';

/**
 * End-to-end tests: the built SPA served by the real server on a temporary data dir, driven by
 * Debian Chromium. Run `npm run build -w @glyphary/web` first (npm run test:e2e does).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per run (keyed by its port): several runs on one machine must not wipe each other's traces.
  outputDir: `./.output/test-results/run-${APP_PORT}`,
  // After the web server is up, before any worker: the super admin exists and is verified.
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Per test. The longest journeys (upload, imports, two accessibility scans, screenshots) took 40–50 s on the
  // slower 2-core machine of 2026-11-25 (AMD EPYC), against ~25 s before; expectations keep their 10 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './.output/report', open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `"${process.execPath}" e2e/support/start-server.ts`,
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    // A cold start (PGlite's WebAssembly, migrations) took over 60 s on a 2-core machine under load.
    timeout: 150_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
