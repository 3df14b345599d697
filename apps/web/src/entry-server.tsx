import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/router.tsx';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, preloadRoute } from './app/router.tsx';
import { BootData } from './lib/boot-data.ts';
import { collectRenderedParts, preloadLazyComponents } from './lib/preloadable-lazy.tsx';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { createQueryClient } from './lib/query-client.ts';

/** A pre-rendered page: its markup and the query cache it was rendered from. */
export interface PrerenderedPage {
  html: string;
  /** The dehydrated query cache (TanStack Query's `dehydrate`): the browser hydrates it before React hydrates the markup. */
  queries: DehydratedState;
  /** The lazily loaded parts it drew (lib/preloadable-lazy.tsx): the browser loads them before it hydrates. */
  parts: string[];
}

/**
 * Server pre-rendering (docs/decisions/0014-prerendered-pages.md): the HTML of a page as the app's
 * first render in the browser will show it, from the answers the page carries (its boot data), plus
 * the query cache behind it, so the browser's first render matches and React hydrates the markup.
 *
 * Each render has its own query client carrying the page's answers (lib/boot-data.ts). Renders run
 * one at a time (they are CPU work; a queue keeps a burst from interleaving them); a render that has
 * not finished within QUEUE_RELEASE_MS no longer holds up the next one (the server has given up on
 * it by then and serves that page client-rendered).
 */
let queue: Promise<unknown> = Promise.resolve();
const QUEUE_RELEASE_MS = 1000;

export function renderPage(url: string, boot: Record<string, unknown>): Promise<PrerenderedPage> {
  const run = queue.then(() => render(url, boot));
  queue = Promise.race([run.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, QUEUE_RELEASE_MS))]);
  return run;
}

async function render(url: string, boot: Record<string, unknown>): Promise<PrerenderedPage> {
  // The route and every lazily loaded part of the page (the signed-in top bar): renderToString cannot
  // wait for a module, and a part that suspends is left for the browser to render again (#419).
  // The route module first: it registers the lazily loaded parts of its page.
  await preloadRoute(new URL(url, 'http://localhost').pathname);
  await preloadLazyComponents();
  // The first pass peeks at the session answer; the query functions then take the page's answers.
  const queryClient = createQueryClient(new BootData(boot, true));
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const page = () =>
    renderToString(
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>,
    );
  try {
    // First pass: the page's queries register in the cache; run them against the boot data.
    page();
    const queries = queryClient.getQueryCache().getAll();
    await Promise.allSettled(queries.map((query) => query.fetch()));
    // What the page does not carry stays loading, as in the browser before its request answers.
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
    // Second pass, with the data.
    const { result: html, parts } = collectRenderedParts(page);
    return { html, queries: dehydrate(queryClient), parts };
  } finally {
    queryClient.clear();
  }
}
