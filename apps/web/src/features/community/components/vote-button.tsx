import { COMMUNITY_MSG, formatCount } from '@glyphary/shared';
import { ThumbsUp } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetVote } from '../api/votes.ts';

/** "I want this too" on an open request, with its vote count (issue 19). */
export function VoteButton({
  requestId,
  votes,
  voted,
  canVote,
  onSignInRequired,
}: {
  requestId: string;
  votes: number;
  voted: boolean;
  /** False for the requester's own or a request that is no longer open: the count only. */
  canVote: boolean;
  onSignInRequired?: (() => void) | undefined;
}) {
  const setVote = useSetVote();
  const toast = useToast();
  const count = `${formatCount(votes)} ${votes === 1 ? 'vote' : 'votes'}`;
  if (!canVote && !onSignInRequired) return <span className="text-sm text-muted">{count}</span>;
  return (
    <Button
      variant={voted ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={voted}
      loading={setVote.isPending}
      onClick={() => {
        if (onSignInRequired) {
          onSignInRequired();
          return;
        }
        setVote.mutate({ id: requestId, vote: !voted }, { onError: (error) => toast.error(errorMessage(error, 'Failed to vote')) });
      }}
    >
      <ThumbsUp size={14} aria-hidden="true" />
      {COMMUNITY_MSG.voteButton} · {count}
    </Button>
  );
}
