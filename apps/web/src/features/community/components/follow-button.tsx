import { formatCount } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFollowState, useSetFollow } from '../api/follows.ts';

/** Follow / Following on a storefront, with the follower count (issue 19). */
export function FollowButton({ userId, signedIn, onSignInRequired }: { userId: string; signedIn: boolean; onSignInRequired: () => void }) {
  const state = useFollowState(userId);
  const setFollow = useSetFollow(userId);
  const toast = useToast();
  const following = state.data?.following ?? false;
  const followers = state.data?.followers ?? 0;

  function handleClick() {
    if (!signedIn) {
      onSignInRequired();
      return;
    }
    setFollow.mutate(!following, { onError: (error) => toast.error(errorMessage(error, 'Failed to update follow')) });
  }

  return (
    <div className="flex items-center gap-3">
      <Button variant={following ? 'secondary' : 'primary'} aria-pressed={following} onClick={handleClick} loading={setFollow.isPending}>
        {following ? 'Following' : 'Follow'}
      </Button>
      <span className="text-sm text-muted">
        {formatCount(followers)} {followers === 1 ? 'follower' : 'followers'}
      </span>
    </div>
  );
}
