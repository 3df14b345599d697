import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BOOT_QUERIES_KEY } from '@glyphary/shared';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/doto/latin-700.css';
import './index.css';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { BootData } from './lib/boot-data.ts';
import { hydrate, type DehydratedState } from './lib/query.tsx';
import { createQueryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = container;
// The page's embedded answers travel with the query client (decision 0013).
const boot = BootData.fromPage();
const queryClient = createQueryClient(boot);

/** Once the app has committed, the pre-rendered page it took over becomes interactive. */
function Mounted({ children }: { children: ReactNode }) {
  useEffect(() => {
    root.removeAttribute('inert');
    root.removeAttribute('data-prerendered');
  }, []);
  return children;
}

// The page's route module first (the server already preloads its chunks), so the first render is
// the page itself rather than the loading fallback. A promise, not a top-level await: that made
// the bundler split the entry into a dozen extra chunks (+4 KB gzip of initial JS).
void preloadRoute(window.location.pathname).then(() => {
  const app = (
    <StrictMode>
      <Mounted>
        <App queryClient={queryClient} />
      </Mounted>
    </StrictMode>
  );
  // A pre-rendered page (docs/decisions/0014-prerendered-pages.md) comes with the query cache it was
  // rendered from: with it, the first render matches and React adopts the markup instead of redrawing.
  const queries = boot.take(BOOT_QUERIES_KEY);
  if (root.hasAttribute('data-prerendered') && queries) {
    hydrate(queryClient, queries.body as DehydratedState);
    hydrateRoot(root, app, {
      // A difference (a date across midnight in another time zone) only means React renders it anew.
      onRecoverableError: (error) => console.warn('The pre-rendered page was rendered again in the browser', error),
    });
  } else {
    createRoot(root).render(app);
  }
});
