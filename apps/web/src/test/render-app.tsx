import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, parsePath, useLocation, useNavigate, type Location, type NavigateFunction } from '../lib/router.tsx';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The in-memory router of renderApp: where it is now (`state.location`) and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

/** Renders the whole app (providers + every route, in a MemoryRouter) at `path`. */
export function renderApp(path: string) {
  let navigateTo: NavigateFunction | undefined;
  const { pathname = '/', search = '', hash = '' } = parsePath(path);
  const router: TestRouter = {
    state: { location: { pathname, search, hash, state: null, key: 'default' } },
    navigate: (to) =>
      act(async () => {
        await navigateTo?.(to);
      }),
  };
  function RouterProbe() {
    const location = useLocation();
    const navigate = useNavigate();
    useEffect(() => {
      router.state.location = location;
      navigateTo = navigate;
    }, [location, navigate]);
    return null;
  }
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { router, ...view };
}
