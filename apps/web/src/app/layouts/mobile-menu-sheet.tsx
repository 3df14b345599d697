import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, Upload, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Link, useNavigate } from '../../lib/router.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Avatar } from '../../components/ui/dot-text.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { primaryNavItems, userMenuItems } from './nav-items.ts';
import { SearchBox } from './search-box.tsx';

const linkClasses = 'flex items-center gap-3 rounded-2xl px-4 py-3 text-base text-fg hover:bg-raised';

/**
 * The small-screen menu's sheet (an accessible dialog: focus trapped, Escape closes) with the same
 * items as the top bar and the user menu. Loaded lazily on first open by MobileMenu.
 */
export function MobileMenuSheet({
  open,
  setOpen,
  showSearch,
  returnFocusTo,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  showSearch: boolean;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { user, profile, isAdmin, signOut } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const close = () => setOpen(false);
  const name = profile?.displayName || user?.name || user?.email || '';

  async function handleLogout() {
    close();
    navigate(paths.home);
    await signOut();
    toast.success('You have been logged out.');
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/75 backdrop-blur-sm" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,100%)] flex-col gap-4 overflow-y-auto border-l border-line bg-surface p-5"
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="font-display text-xl font-bold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-raised" aria-label="Close menu">
              <X size={20} aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          {showSearch ? <SearchBox onSubmitted={close} /> : null}
          <nav aria-label="Main">
            <ul className="flex flex-col">
              {primaryNavItems(Boolean(user)).map((item) => (
                <li key={item.to}>
                  <Link to={item.to} onClick={close} className={linkClasses}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {user ? (
            <>
              <div className="flex items-center gap-3 rounded-2xl border border-line p-3">
                <Avatar src={profile?.profilePicture} name={name} size={40} />
                <div className="min-w-0">
                  <p className="truncate font-semibold">{name}</p>
                  {profile?.username ? <p className="truncate text-sm text-muted">@{profile.username}</p> : null}
                </div>
              </div>
              <Link to={paths.upload} onClick={close} className={buttonClasses({ className: 'w-full' })}>
                <Upload size={16} aria-hidden="true" />
                Upload Glyph
              </Link>
              <nav aria-label="User menu">
                <ul className="flex flex-col">
                  {userMenuItems(profile?.username ?? user.username, isAdmin).map((item) => (
                    <li key={item.to}>
                      <Link to={item.to} onClick={close} className={linkClasses}>
                        {item.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <button type="button" onClick={() => void handleLogout()} className={`${linkClasses} w-full text-left`}>
                      <LogOut size={18} aria-hidden="true" />
                      Logout
                    </button>
                  </li>
                </ul>
              </nav>
            </>
          ) : (
            <div className="flex flex-col gap-2">
              <Link to={paths.login} onClick={close} className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
                Login
              </Link>
              <Link to={paths.signup} onClick={close} className={buttonClasses({ className: 'w-full' })}>
                Sign Up
              </Link>
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
