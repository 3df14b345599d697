/** The admin dashboard's statistics, signed in as the seeded admin. */
import { get, type Leg } from './types.ts';

export const admin: Leg = {
  name: 'admin',
  scenarios: [
    {
      name: 'admin-stats',
      label: 'Admin stats',
      group: 'admin',
      requests: (ctx) => (ctx.adminToken ? [get('/api/admin/stats', { authorization: `Bearer ${ctx.adminToken}` })] : []),
      emptyNote: 'admin sign-in failed',
    },
  ],
};
