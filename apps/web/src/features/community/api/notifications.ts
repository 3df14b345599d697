import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import type { NotificationPage } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';
import { communityKeys } from './keys.ts';

/** GET /api/notifications → the newest notifications and the unread count; refreshed every minute. */
export const useNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: communityKeys.notifications(),
    queryFn: (context) => api.get<NotificationPage>('/notifications', context),
    enabled,
    refetchInterval: 60_000,
  });

/** POST /api/notifications/read with ids or all. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[] } | { all: true }) => api.post<{ unread: number }>('/notifications/read', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.notifications() }),
  });
}
