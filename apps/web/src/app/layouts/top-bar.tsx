import { UploadIcon as Upload } from '../../components/ui/shell-icons.tsx';
import { Suspense } from 'react';
import { Link, useLocation } from '../../lib/router.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths, routePatterns } from '../../config/paths.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SearchBox } from './search-box.tsx';
import { primaryNavItems } from './nav-items.ts';

// The dropdown's code (Radix, floating-ui) loads right after the first paint, not in the entry chunk.
// Preloadable: a pre-rendered page shows them in full (issue 17: as plain `lazy` they left the
// signed-in top bar unfinished in the server's HTML, and the browser replaced it, React error #419).
const UserMenu = preloadableLazy('menu', () => import('./user-menu.tsx').then((m) => m.UserMenu));
// Issue 19: the notification bell, loaded the same way.
const NotificationBell = preloadableLazy('bell', () => import('../../features/community/components/notification-bell.tsx').then((m) => m.NotificationBell));

/** spec §2 Navigation: logo, search (hidden on /search and /request-glyphs), Upload Glyph, user menu or Login / Sign Up. */
/** Whether the page at `pathname` is the place a nav item leads to. */
const isCurrent = (pathname: string, to: string) => pathname === to.split('?')[0];

export function TopBar() {
  const { user, isAdmin } = useAuth();
  const { pathname } = useLocation();
  const showSearch = pathname !== routePatterns.search && pathname !== routePatterns.requestGlyphs;
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-black/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <div className="flex flex-1 justify-center">{showSearch ? <SearchBox className="hidden w-full max-w-sm lg:block" /> : null}</div>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {primaryNavItems(Boolean(user)).map((item) => (
            <Link key={item.to} to={item.to} aria-current={isCurrent(pathname, item.to) ? 'page' : undefined} className={buttonClasses({ variant: 'ghost', className: 'aria-[current=page]:text-accent-text' })}>
              {item.label}
            </Link>
          ))}
          {user ? (
            <>
              <Link to={paths.upload} className={buttonClasses({ size: 'md' })}>
                <Upload size={16} aria-hidden="true" />
                Upload Glyph
              </Link>
              <Suspense fallback={null}>
                <NotificationBell isAdmin={isAdmin} />
              </Suspense>
              {/* The chip's size, until the menu (with the chip and its avatar) has loaded after a sign-in. */}
              <Suspense fallback={<span aria-hidden="true" className="h-11 w-40" />}>
                <UserMenu />
              </Suspense>
            </>
          ) : (
            <>
              <Link to={paths.login} className={buttonClasses({ variant: 'ghost' })}>
                Login
              </Link>
              <Link to={paths.signup} className={buttonClasses({ variant: 'secondary' })}>
                Sign Up
              </Link>
            </>
          )}
        </nav>
        <div className="flex items-center gap-1 lg:hidden">
          {user ? (
            <Suspense fallback={null}>
              <NotificationBell isAdmin={isAdmin} />
            </Suspense>
          ) : null}
          <MobileMenu showSearch={showSearch} />
        </div>
      </div>
      {showSearch ? (
        <div className="px-4 pb-3 lg:hidden">
          <SearchBox />
        </div>
      ) : null}
    </header>
  );
}
