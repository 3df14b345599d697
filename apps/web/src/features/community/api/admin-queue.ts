import { useQuery } from '@tanstack/react-query';
import type { AdminQueueCounts } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

export const adminQueueKey = ['admin', 'queue-counts'] as const;

/** GET /api/admin/queue-counts → open reported items and held releases (admins only; issue 48). */
export const useAdminQueueCounts = (enabled: boolean) =>
  useQuery({
    queryKey: adminQueueKey,
    queryFn: (context) => api.get<AdminQueueCounts>('/admin/queue-counts', context),
    enabled,
    refetchInterval: 60_000,
  });
