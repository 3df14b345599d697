import { BrowserRouter } from '../lib/router.tsx';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** The whole app: providers around the router. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
