import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useToast } from '../../../components/ui/toast.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';

const KEY = ['community', 'digest'] as const;

/** Issue 19: the optional daily email digest of unread notifications (off by default). */
export function DigestToggle() {
  const id = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const settings = useQuery({ queryKey: KEY, queryFn: (context) => api.get<{ digestEmail: boolean }>('/notifications/settings', context) });
  const save = useMutation({
    mutationFn: (digestEmail: boolean) => api.put<{ digestEmail: boolean }>('/notifications/settings', { digestEmail }),
    onSuccess: async (data) => {
      // A read sent before the save finished must not answer over it with the old setting.
      await queryClient.cancelQueries({ queryKey: KEY });
      queryClient.setQueryData(KEY, data);
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save the email setting')),
  });
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-4 w-4 accent-[var(--color-accent)]"
        checked={settings.data?.digestEmail ?? false}
        disabled={settings.isPending || save.isPending}
        onChange={(event) => save.mutate(event.target.checked)}
      />
      <label htmlFor={id} className="text-sm">
        Email me a daily digest of my unread notifications
        <span className="block text-muted">Each email has a one-click unsubscribe link.</span>
      </label>
    </div>
  );
}
