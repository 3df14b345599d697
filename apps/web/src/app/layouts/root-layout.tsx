import { Suspense, useEffect, useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';
import { Outlet, useLocation, useNavigationType } from '../../lib/router.tsx';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { TopBar } from './top-bar.tsx';

// The footer is below every page's first screen and holds only links: its code loads after the
// shell's. Preloadable: the server renders it in full, so the
// pre-rendered HTML keeps it and hydration keeps that markup until the chunk arrives.
const Footer = preloadableLazy('footer', () => import('./footer.tsx').then((m) => m.Footer));

/**
 * A new page (a link or a redirect to another pathname) starts at the top. Back and forward (POP)
 * leave the position to the browser (`history.scrollRestoration` stays 'auto').
 */
function useScrollToTopOnNewPage() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const scrollToTop = useEffectEvent(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  });
  useLayoutEffect(() => scrollToTop(), [pathname]);
}

/** How long after a navigation the new page's heading may still take to appear (its code or data loading). */
const HEADING_WAIT_MS = 10_000;

/**
 * After a navigation to another page, focus moves to its `h1` (once it has rendered), so a screen
 * reader announces the new page and the next Tab starts from it. Only when focus is lost (on
 * `<body>`, the clicked link gone) or still on the link outside the page that navigated; a heading
 * replaced while loading (the skeleton's, then the page's) is followed.
 */
function useFocusHeadingOnNewPage(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const region = main.current;
    if (!region) return;
    let moved = false;
    const focusHeading = () => {
      const heading = region.querySelector('h1');
      if (!heading) return;
      const active = document.activeElement;
      const lost = !active || active === document.body;
      if (!lost && (moved || region.contains(active))) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      moved = true;
    };
    focusHeading();
    const observer = new MutationObserver(focusHeading);
    observer.observe(region, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, main]);
}

/** The frame around every screen: skip link, top bar, main content, footer. */
export function RootLayout() {
  useScrollToTopOnNewPage();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNewPage(main);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-black"
      >
        Skip to content
      </a>
      <TopBar />
      <main ref={main} id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}
