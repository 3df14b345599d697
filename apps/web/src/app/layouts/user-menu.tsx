import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Link, useNavigate } from '../../lib/router.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { userMenuItems } from './nav-items.ts';
import { UserChip } from './user-chip.tsx';

const itemClasses =
  'flex w-full cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-sm text-fg outline-none select-none data-[highlighted]:bg-overlay data-[highlighted]:text-white';

/** The signed-in user's menu (Radix: keyboard, touch, focus return). Loaded lazily by the top bar. */
export function UserMenu() {
  const { user, profile, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  if (!user) return null;
  const items = userMenuItems(profile?.username ?? user.username, isAdmin);

  async function handleLogout() {
    navigate(paths.home);
    await signOut();
    toast.success('You have been logged out.');
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <UserChip />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-2xl border border-line bg-raised p-1.5 shadow-2xl">
          {profile?.username ? (
            <>
              <p className="truncate px-3 pt-2 pb-3 text-xs text-muted">
                Signed in as <span className="text-fg">@{profile.username}</span>
              </p>
              <DropdownMenu.Separator className="mx-2 mb-1 h-px bg-line" />
            </>
          ) : null}
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={itemClasses}>
              <Link to={item.to}>{item.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="mx-2 my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void handleLogout()}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
