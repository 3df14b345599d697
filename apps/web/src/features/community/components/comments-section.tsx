import { useState, type FormEvent } from 'react';
import { COMMENT_EDIT_WINDOW_MS, COMMUNITY_MSG, MAX_COMMENT, formatDate, type Comment } from '@glyphary/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useComments, useDeleteComment, useEditComment, usePostComment, useSetCommentsEnabled } from '../api/comments.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { ReportButton } from './report-button.tsx';

export interface CommentsSectionProps {
  glyphId: string;
  viewerId: string | null;
  viewerIsAdmin: boolean;
  onSignInRequired: () => void;
}

/** Comments on a glyph (issue 19): newest first with Load more; edit own within 15 minutes; remove; creator's on/off switch. */
export function CommentsSection({ glyphId, viewerId, viewerIsAdmin, onSignInRequired }: CommentsSectionProps) {
  const comments = useComments(glyphId);
  const post = usePostComment(glyphId);
  const setEnabled = useSetCommentsEnabled(glyphId);
  const toast = useToast();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (comments.isError) return null; // a deleted or hidden glyph has no comments section
  const first = comments.data?.pages[0];
  const enabled = first?.commentsEnabled ?? true;
  const isCreator = Boolean(viewerId && first && first.glyphCreatorId === viewerId);
  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) {
      setError(COMMUNITY_MSG.commentRequired);
      return;
    }
    post.mutate(body, {
      onSuccess: () => {
        setBody('');
        setError(null);
      },
      onError: (caught) => setError(errorMessage(caught, 'Failed to post the comment')),
    });
  }

  return (
    <section aria-labelledby="comments-heading" className="mt-10 flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="font-display text-2xl font-bold">
          {COMMUNITY_MSG.commentsTitle}
        </h2>
        {isCreator ? (
          <Button
            variant="secondary"
            size="sm"
            loading={setEnabled.isPending}
            onClick={() => setEnabled.mutate(!enabled, { onError: (e) => toast.error(errorMessage(e, 'Failed to change comments')) })}
          >
            {enabled ? 'Turn comments off' : 'Turn comments on'}
          </Button>
        ) : null}
      </div>
      {!enabled ? <p className="text-sm text-muted">{COMMUNITY_MSG.commentsOffNotice}</p> : null}
      {enabled && viewerId ? (
        <form onSubmit={handleSubmit} className="flex flex-col gap-2" noValidate>
          <Textarea
            label="Add a comment"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            maxLength={MAX_COMMENT}
            rows={3}
            error={error ?? undefined}
          />
          <div className="flex justify-end">
            {/* Issue 17: the page's one red action is the download (or the repository); posting is secondary. */}
            <Button type="submit" variant="secondary" loading={post.isPending}>
              Post comment
            </Button>
          </div>
        </form>
      ) : null}
      {enabled && !viewerId ? (
        <p className="text-sm text-muted">
          <button type="button" className="underline underline-offset-2 hover:text-white" onClick={onSignInRequired}>
            Log in
          </button>{' '}
          to comment.
        </p>
      ) : null}
      {comments.isPending ? <p className="text-sm text-muted">Loading comments...</p> : null}
      {!comments.isPending && list.length === 0 ? <p className="text-sm text-muted">{COMMUNITY_MSG.commentsEmpty}</p> : null}
      <ul className="flex flex-col gap-3">
        {list.map((comment) => (
          <CommentItem
            key={comment.id}
            glyphId={glyphId}
            comment={comment}
            viewerId={viewerId}
            byCreator={Boolean(first && comment.author.id === first.glyphCreatorId)}
            canRemove={Boolean(viewerId && (comment.author.id === viewerId || isCreator || viewerIsAdmin))}
          />
        ))}
      </ul>
      {comments.hasNextPage ? (
        <Button variant="secondary" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage} className="self-center">
          Load more comments
        </Button>
      ) : null}
    </section>
  );
}

function CommentItem({
  glyphId,
  comment,
  viewerId,
  byCreator,
  canRemove,
}: {
  glyphId: string;
  comment: Comment;
  viewerId: string | null;
  /** Issue 48: the glyph's creator wrote it; a badge says so. */
  byCreator: boolean;
  canRemove: boolean;
}) {
  const edit = useEditComment(glyphId);
  const remove = useDeleteComment(glyphId);
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const isAuthor = viewerId === comment.author.id;
  // Render-time check is enough: the server refuses a late edit with a clear message anyway.
  // eslint-disable-next-line react-hooks/purity
  const canEdit = isAuthor && Date.now() - Date.parse(comment.createdAt) < COMMENT_EDIT_WINDOW_MS;

  return (
    <li className="rounded-[var(--radius-card)] border border-line bg-surface p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="flex items-center gap-2">
          <span className="font-medium">@{comment.author.username}</span>
          {byCreator ? <Badge tone="inverse">{COMMUNITY_MSG.creatorBadge}</Badge> : null}
        </span>
        <span className="text-muted">
          {formatDate(comment.createdAt)}
          {comment.editedAt ? ' · edited' : ''}
        </span>
      </div>
      {editing ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            edit.mutate(
              { id: comment.id, body: draft },
              { onSuccess: () => setEditing(false), onError: (e) => toast.error(errorMessage(e, 'Failed to edit the comment')) },
            );
          }}
        >
          <Textarea label="Edit comment" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={MAX_COMMENT} rows={3} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" loading={edit.isPending}>
              Save
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm whitespace-pre-wrap">
          <LinkifiedText text={comment.body} />
        </p>
      )}
      {!editing ? (
        <div className="mt-2 flex flex-wrap gap-1">
          {canEdit ? (
            <Button variant="ghost" size="sm" onClick={() => { setDraft(comment.body); setEditing(true); }}>
              Edit
            </Button>
          ) : null}
          {canRemove ? (
            <Button
              variant="ghost"
              size="sm"
              loading={remove.isPending}
              onClick={() => remove.mutate(comment.id, { onError: (e) => toast.error(errorMessage(e, 'Failed to delete the comment')) })}
            >
              Delete
            </Button>
          ) : null}
          {viewerId && !isAuthor ? <ReportButton targetType="comment" targetId={comment.id} label="comment" signedIn size="sm" /> : null}
        </div>
      ) : null}
    </li>
  );
}
