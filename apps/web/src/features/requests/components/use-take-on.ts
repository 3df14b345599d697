import { useState } from 'react';
import { type GlyphRequest, REQUEST_MSG } from '@glyphary/shared';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useTakeOnRequest } from '../api/take-on-request.ts';

/** Take On with the spec §8 toasts; `pendingId` is the request being taken on. */
export function useTakeOn() {
  const mutation = useTakeOnRequest();
  const toast = useToast();
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function takeOn(request: GlyphRequest) {
    setPendingId(request.id);
    try {
      await mutation.mutateAsync(request.id);
      toast.success(REQUEST_MSG.requestTakeOnSuccess);
    } catch (caught) {
      toast.error(isApiError(caught, 401) ? REQUEST_MSG.requestLoginToTakeOn : errorMessage(caught, REQUEST_MSG.requestTakeOnFailed));
    } finally {
      setPendingId(null);
    }
  }

  return { takeOn, pendingId };
}
