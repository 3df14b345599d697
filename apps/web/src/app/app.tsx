import { BrowserRouter } from '../lib/router.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** The whole app: providers around the router. */
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
