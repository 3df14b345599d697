import { fileURLToPath } from 'node:url';
import { APP_PORT, SUPER_ADMIN_EMAIL } from './ports.ts';

/** The super admin's signed-in session (Playwright storage state), written by global-setup.ts for this run. */
export const SUPER_ADMIN_STATE = fileURLToPath(new URL(`../.output/super-admin-${APP_PORT}.json`, import.meta.url));

/** The designated super admin of the e2e server, created once by global-setup.ts. */
export const SUPER_ADMIN = {
  email: SUPER_ADMIN_EMAIL,
  username: 'e2e_super_admin',
  displayName: 'Super Admin',
  password: 'Super-Admin-e2e-1!',
};
