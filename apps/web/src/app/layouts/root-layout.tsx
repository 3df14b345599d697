import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from './footer.tsx';
import { TopBar } from './top-bar.tsx';

/** The frame around every screen: skip link, top bar, main content, footer. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-black"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' ? (
        <div className="fixed inset-x-0 top-0 z-[65] h-0.5 animate-pulse-dot bg-accent" aria-hidden="true" />
      ) : null}
      <TopBar />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
