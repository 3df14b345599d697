import { lazy, type ComponentType } from 'react';

/** Every component made by {@link preloadableLazy}, by name: the server loads them all before it renders. */
const preloads = new Map<string, () => Promise<void>>();

/** The names of the parts the render in progress drew (server only, during `renderToString`). */
let rendering: Set<string> | null = null;

/** A code-split component that renders at once, without suspending, once its module has loaded. */
export type PreloadableLazy<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * `React.lazy` for parts of a pre-rendered page that load after the entry chunk (the signed-in top
 * bar's user menu and bell, the creator's tools). `renderToString` cannot wait for a lazy module: a
 * component that suspends there is sent as an unfinished Suspense boundary (`<!--$!-->`), which the
 * browser throws away and renders anew (React error #419, the page's markup replaced). The server
 * therefore loads these modules first ({@link preloadLazyComponents}) and renders them in full, and
 * lists the parts it drew ({@link collectRenderedParts}); the browser loads those before it hydrates
 * ({@link preloadParts}). A part hydrated before its code arrived would stay server markup inside a
 * suspended boundary, and React drops a click on such markup (it cannot hydrate it in time, and
 * discrete events are not replayed): the creator's first "Edit Glyph" would do nothing.
 *
 * `name` must be unique and the same in the server and browser builds.
 */
export function preloadableLazy<P extends object>(name: string, load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  function Preloadable(props: P) {
    rendering?.add(name);
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  preloads.set(name, preload);
  return Object.assign(Preloadable, { preload });
}

/** Loads every {@link preloadableLazy} module (server pre-rendering); a failed one is left to render lazily. */
export async function preloadLazyComponents(): Promise<void> {
  await Promise.allSettled([...preloads.values()].map((preload) => preload()));
}

/** Runs a synchronous render and returns what it returned with the names of the preloadable parts it drew. */
export function collectRenderedParts<T>(render: () => T): { result: T; parts: string[] } {
  const parts = new Set<string>();
  rendering = parts;
  try {
    return { result: render(), parts: [...parts] };
  } finally {
    rendering = null;
  }
}

/**
 * Loads the named parts' modules (a pre-rendered page's, before hydration). Names whose module has not
 * registered yet (its route chunk is still loading) or whose load fails are skipped: such a part
 * then loads as it renders, as before.
 */
export async function preloadParts(names: readonly string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => preloads.get(name)?.()));
}
