import { Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingBar, PageLoading } from './layouts/page-loading.tsx';

/** A code-split screen made by lazyRoute: a component plus `preload`, which never rejects. */
export type LazyRoute = ComponentType & { preload: () => Promise<void> };

/**
 * A screen whose code loads on its first render or on `preload()`. Unlike `React.lazy`, once the
 * module has loaded it renders at once, so a preloaded screen is in the very first commit. Until
 * then it shows the loading bar over `fallback`; a failed import is thrown to the error boundary.
 */
export function lazyRoute(load: () => Promise<ComponentType>, fallback: ReactNode = <PageLoading />): LazyRoute {
  let loaded: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));

  // Throwing the pending promise suspends; React renders again once it settles.
  function Screen() {
    if (failure) throw failure.error;
    if (!loaded) throw preload();
    const Component = loaded;
    return <Component />;
  }

  function LazyScreen() {
    return (
      <Suspense
        fallback={
          <>
            <LoadingBar />
            {fallback}
          </>
        }
      >
        <Screen />
      </Suspense>
    );
  }

  return Object.assign(LazyScreen, { preload });
}

/** Whether `component` was made by lazyRoute. */
export function isLazyRoute(component: unknown): component is LazyRoute {
  return typeof component === 'function' && 'preload' in component;
}
