import { lazy, type ComponentType } from 'react';

/** Every component made by {@link preloadableLazy}: the server loads them all before it renders. */
const preloads = new Set<() => Promise<void>>();

/** A code-split component that renders at once, without suspending, once its module has loaded. */
export type PreloadableLazy<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * `React.lazy` for parts of a pre-rendered page that load after the entry chunk (the signed-in top
 * bar's user menu and bell). `renderToString` cannot wait for a lazy module: a component that
 * suspends there is sent as an unfinished Suspense boundary (`<!--$!-->`), which the browser
 * throws away and renders anew (React error #419, the page's markup replaced). The server
 * therefore loads these modules first ({@link preloadLazyComponents}) and renders them in full; in
 * the browser a component not loaded yet suspends during hydration, so React keeps the server's
 * markup until its chunk arrives instead of replacing it.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  preloads.add(preload);
  return Object.assign(Preloadable, { preload });
}

/** Loads every {@link preloadableLazy} module (server pre-rendering); a failed one is left to render lazily. */
export async function preloadLazyComponents(): Promise<void> {
  await Promise.allSettled([...preloads].map((preload) => preload()));
}
