import { BrowserRouter } from 'react-router';
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
