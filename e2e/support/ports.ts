/** Fixed loopback ports shared by the e2e server script, the Playwright config and the fixtures. */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4173);
export const MAIL_API_PORT = Number(process.env.E2E_MAIL_PORT ?? 4175);
export const BASE_URL = `http://127.0.0.1:${APP_PORT}`;
export const MAIL_API_URL = `http://127.0.0.1:${MAIL_API_PORT}`;
/** The designated super admin: no e2e user becomes admin by being first. */
export const SUPER_ADMIN_EMAIL = 'super-admin@e2e.test';
