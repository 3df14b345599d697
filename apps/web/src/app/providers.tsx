import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast.tsx';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';

/** Query cache, toasts and auth, in that order (auth clears the cache on sign-in and sign-out). */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider>{children}</AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
