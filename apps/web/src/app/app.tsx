import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

/** The whole app: providers around the router. */
export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
