import { paths } from '../../config/paths.ts';

export interface NavItem {
  label: string;
  to: string;
}

/** spec §2 Navigation: the user menu, in order, plus Dashboard (issue 51) (Admin Panel for admins only; Logout is added by the menus). */
export function userMenuItems(username: string | undefined, isAdmin: boolean): NavItem[] {
  const items: NavItem[] = [];
  if (username) items.push({ label: 'My Storefront', to: paths.storefront(username) });
  items.push(
    { label: 'Dashboard', to: paths.dashboard },
    { label: 'Liked Posts', to: paths.liked },
    { label: 'Request Glyphs', to: paths.requestGlyphs },
    { label: 'My Requests', to: paths.myRequests },
    { label: 'Settings', to: paths.settings },
  );
  if (isAdmin) items.push({ label: 'Admin Panel', to: paths.admin });
  return items;
}

/** The core places, in the top bar and first in the mobile menu: Browse, Requests and (signed in) Following. */
export function primaryNavItems(signedIn: boolean): NavItem[] {
  const items: NavItem[] = [
    { label: 'Browse', to: paths.search() },
    { label: 'Requests', to: paths.requestGlyphs },
  ];
  if (signedIn) items.push({ label: 'Following', to: paths.following });
  return items;
}
