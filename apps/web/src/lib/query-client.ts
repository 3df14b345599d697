import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { attachBootData, type BootData } from './boot-data.ts';

/**
 * Builds the app's TanStack Query client: data is fresh for 30 s, a 4xx is not retried, a network or
 * 5xx failure twice. `boot` is the page's embedded answers: query functions reach
 * them through the client in their context.
 */
export function createQueryClient(boot?: BootData): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
  if (boot) attachBootData(client, boot);
  return client;
}
