import { Heart } from 'lucide-react';
import { useNavigate } from '../../../lib/router.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { Button, useToast } from '../../../components/ui/index.ts';
import type { ButtonSize } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useLikeStatus } from '../api/check-like-status.ts';
import { useToggleLike } from '../api/toggle-like.ts';

/** Like / Liked (spec §2); visitors are sent to /login (spec §6). */
export function LikeButton({ glyphId, userId, size }: { glyphId: string; userId: string | null; size?: ButtonSize }) {
  const navigate = useNavigate();
  const toast = useToast();
  const status = useLikeStatus(glyphId, userId);
  const toggle = useToggleLike(glyphId, userId);
  const liked = Boolean(userId && status.data);
  // Toggle-like flips whatever the server has: while the caller's status is loading, "Like" could unlike.
  // (A status that failed to load leaves the button usable, as before.)
  const unknown = Boolean(userId) && status.isPending;
  return (
    <Button
      // Liked is white, not red: the red accent is the page's one main action (issue 17).
      variant={liked ? 'secondary' : 'outline'}
      size={size}
      aria-pressed={liked}
      loading={toggle.isPending}
      disabled={unknown}
      onClick={() => {
        if (!userId) {
          void navigate(paths.loginWithRedirect(paths.glyph(glyphId)));
          return;
        }
        toggle.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, 'Failed to update like')) });
      }}
    >
      <Heart size={16} aria-hidden="true" fill={liked ? 'currentColor' : 'none'} />
      {liked ? 'Liked' : 'Like'}
    </Button>
  );
}
