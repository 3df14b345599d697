import { ApiError } from './api-client.ts';
import type { BootData } from './boot-data.ts';
import { QueryClient } from './query.tsx';

/**
 * Builds the app's query client (lib/query.tsx): data is fresh for 30 s, a 4xx is not retried, a
 * network or 5xx failure twice. `boot` is the page's embedded answers (decision 0013).
 */
export function createQueryClient(boot?: BootData): QueryClient {
  return new QueryClient(
    {
      staleTime: 30_000,
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
    },
    boot,
  );
}
