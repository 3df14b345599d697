import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BOOT_PARTS_KEY, BOOT_QUERIES_KEY } from '@glyphary/shared';
import { App } from './app.tsx';
import { preloadRoute } from './router.tsx';
import { BootData } from '../lib/boot-data.ts';
import { preloadParts } from '../lib/preloadable-lazy.tsx';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';

// The browser's start-up, called by main.tsx. It lives in the shell chunk rather than the entry: the
// entry then uses no bundler helper, and Rolldown's runtime joins the shell instead of being a file of
// its own that every page fetched.

/** Once the app has committed, the pre-rendered page it took over becomes interactive. */
function Mounted({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.removeAttribute('inert');
    root.removeAttribute('data-prerendered');
  }, [root]);
  return children;
}

/** The longest hydration waits for a pre-rendered page's priority images. */
const PAINT_WAIT_MS = 2000;

/**
 * Resolves once the pre-rendered page's priority images (`fetchpriority="high"`: the glyph page's
 * poster, the first search results) have loaded and a frame has been painted, or after
 * PAINT_WAIT_MS. Hydrating first would run the app's longest task between the image's arrival and
 * its paint, and the page's largest paint would wait for the scripts (issue 16).
 */
function priorityImagesPainted(root: HTMLElement): Promise<void> {
  const pending = [...root.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')].filter((image) => !image.complete);
  const loaded = Promise.all(
    pending.map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener('load', resolve, { once: true });
          image.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
  return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_MS))]).then(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
}

/** Renders the app into `#root`, adopting a pre-rendered page when there is one. */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  // The page's embedded answers travel with the query client.
  const boot = BootData.fromPage();
  const queryClient = createQueryClient(boot);

  // The page's route module first (the server already preloads its chunks), so the first render is
  // the page itself rather than the loading fallback. A promise, not a top-level await: that made
  // the bundler split the entry into a dozen extra chunks (+4 KB gzip of initial JS).
  const prerendered = root.hasAttribute('data-prerendered');
  // And the code of every lazily loaded part the pre-rendered page shows (the user menu, the creator's
  // tools): hydrated without it, such a part would ignore a click until its chunk arrived. After the
  // route's module, which registers its parts. (The server writes the list; unknown names are skipped.)
  const parts = (prerendered && (boot.take(BOOT_PARTS_KEY)?.body as string[] | undefined)) || [];
  const code = preloadRoute(window.location.pathname).then(() => preloadParts(parts));
  void Promise.all([code, prerendered ? priorityImagesPainted(root) : undefined]).then(() => {
    const app = (
      <StrictMode>
        <Mounted root={root}>
          <App queryClient={queryClient} />
        </Mounted>
      </StrictMode>
    );
    // A pre-rendered page comes with the query cache it was rendered from: with it, the first render
    // matches and React adopts the markup instead of redrawing.
    const queries = boot.take(BOOT_QUERIES_KEY);
    if (prerendered && queries) {
      hydrate(queryClient, queries.body as DehydratedState);
      // In a transition, hydration is a transition-priority render that React time-slices: it yields to the
      // browser every few milliseconds instead of holding the main thread for the whole page. The page is
      // `inert` until it has committed (Mounted), so nothing waits on it meanwhile.
      startTransition(() => {
        hydrateRoot(root, app, {
          // A difference (a date across midnight in another time zone) only means React renders it anew.
          onRecoverableError: (error) => console.warn('Pre-rendered page rendered anew', error),
        });
      });
    } else {
      createRoot(root).render(app);
    }
  });
}
