import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';

/**
 * Issue 19: the assignee of an in-progress request says they are still on it
 * (POST /api/glyph-requests/{id}/still-working), so the 14-day idle clock starts again.
 */
export function StillWorkingButton({ requestId }: { requestId: string }) {
  const toast = useToast();
  const mutation = useMutation({ mutationFn: () => api.post(`/glyph-requests/${encodeURIComponent(requestId)}/still-working`) });
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={mutation.isPending}
      onClick={() =>
        mutation.mutate(undefined, {
          onSuccess: () => toast.success('Thanks: the request stays with you.'),
          onError: (error) => toast.error(errorMessage(error, 'Failed to update the request')),
        })
      }
    >
      Still working on it
    </Button>
  );
}
