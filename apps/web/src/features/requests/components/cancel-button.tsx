import { useState } from 'react';
import { type GlyphRequest, REQUEST_MSG } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useCancelRequest } from '../api/cancel-request.ts';

/**
 * Cancel with confirmation (spec §5). `role` decides the wording: the assignee gives the request
 * back to the open list, the requester cancels it for good (DESIGN §4.5).
 */
export function CancelButton({ request, role }: { request: GlyphRequest; role: 'assignee' | 'requester' }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRequest();
  const toast = useToast();
  const handBack = role === 'assignee';
  const label = handBack ? REQUEST_MSG.requestHandBackButton : REQUEST_MSG.requestCancelButton;

  async function handleConfirm() {
    try {
      await cancel.mutateAsync(request.id);
      toast.success(REQUEST_MSG.requestCancelled);
    } catch {
      toast.error(REQUEST_MSG.requestCancelFailed);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setConfirming(true)} aria-label={`${label}: ${request.title}`}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={handBack ? REQUEST_MSG.requestHandBackTitle : 'Cancel request'}
        description={handBack ? REQUEST_MSG.requestGiveBackConfirm : REQUEST_MSG.requestCancelConfirm}
        cancelLabel="Keep request"
        confirmLabel={handBack ? REQUEST_MSG.requestHandBackConfirmLabel : 'Cancel Request'}
        pendingLabel={handBack ? REQUEST_MSG.requestHandingBack : 'Cancelling...'}
        onConfirm={() => void handleConfirm()}
        pending={cancel.isPending}
        destructive
      />
    </>
  );
}
