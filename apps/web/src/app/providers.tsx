import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

/**
 * Query cache, toasts and auth, in that order (auth clears the cache on sign-in and sign-out). The
 * query client carries the page's boot data, so there is one per page, made by
 * its entry (app/start.tsx, entry-server.tsx).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>{children}</AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
