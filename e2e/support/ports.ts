/**
 * Loopback ports shared by the e2e server script, the Playwright config and the fixtures.
 * Each `playwright test` run picks its own pair (unless E2E_APP_PORT / E2E_MAIL_PORT are set), so
 * several runs on one machine never collide: the runner loads this file first and sets the
 * variables; its workers and the web server script inherit them through the environment.
 */
if (!process.env.E2E_APP_PORT) {
  const port = 20_000 + 2 * Math.floor(Math.random() * 10_000);
  process.env.E2E_APP_PORT = String(port);
  process.env.E2E_MAIL_PORT ??= String(port + 1);
}
export const APP_PORT = Number(process.env.E2E_APP_PORT);
export const MAIL_API_PORT = Number(process.env.E2E_MAIL_PORT ?? APP_PORT + 1);
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}`;
/** The designated super admin: no e2e user becomes admin by being first. */
export const SUPER_ADMIN_EMAIL = 'super-admin@e2e.test';
