import { createContext, use } from 'react';

/**
 * Starts loading a page before it is opened (issue 17): its route module and the data it renders
 * first. `preview` is what the opener already knows of it (a card's glyph), shown while the data
 * arrives. The app's router provides it; outside the app (unit tests of a component) it does nothing.
 */
export type PreloadPage = (path: string, preview?: unknown) => void;

export const PagePreloadContext = createContext<PreloadPage>(() => undefined);

export const usePagePreload = (): PreloadPage => use(PagePreloadContext);

/** Calls `onVisible` once, the first time `element` comes near the viewport. */
export function onceVisible(element: Element, onVisible: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      onVisible();
    },
    { rootMargin: '64px' },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
