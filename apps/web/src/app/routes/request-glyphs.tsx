import { MAX_IMAGES, type GlyphRequest } from '@glyphary/shared';
import { useNavigate } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';
import { ReportButton, useMyVotes, VoteButton } from '../../features/community/index.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useAuth } from '../../features/auth/use-auth.ts';
import { LazyFileUpload as FileUpload } from '../../features/files/index.ts';
import { RequestBoard } from '../../features/requests/components/request-board.tsx';
import type { ImageUploadSlot } from '../../features/requests/components/create-request-dialog.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// The requests feature asks for an uploader; the files feature provides it (features don't import each other).
const referenceImageUpload: ImageUploadSlot = ({ value, onChange, disabled, onBusyChange }) => (
  <FileUpload
    type="images"
    multiple
    maxFiles={MAX_IMAGES}
    value={value}
    onChange={onChange}
    label="Reference images (optional)"
    disabled={disabled}
    onBusyChange={onBusyChange}
  />
);

/** Issue 19: 'I want this too' and Report on each card. */
function RequestCommunityActions({ request, visibleIds, viewerId }: { request: GlyphRequest; visibleIds: string[]; viewerId: string | null }) {
  const navigate = useNavigate();
  const myVotes = useMyVotes(visibleIds, viewerId !== null);
  const isOwn = viewerId !== null && request.user_id === viewerId;
  const toLogin = () => navigate(paths.loginWithRedirect(paths.requestGlyphs));
  return (
    <>
      <VoteButton
        requestId={request.id}
        votes={request.votes}
        voted={myVotes.data?.has(request.id) ?? false}
        canVote={viewerId !== null && !isOwn && request.status === 'open'}
        onSignInRequired={viewerId === null && request.status === 'open' ? toLogin : undefined}
      />
      {viewerId !== null && !isOwn ? <ReportButton targetType="request" targetId={request.id} label="request" signedIn size="sm" /> : null}
    </>
  );
}

/** spec §2 Requests (/request-glyphs): the public board of glyph requests. */
export function RequestGlyphsRoute() {
  useDocumentTitle('Request Glyph Toys');
  const { user } = useAuth();
  return (
    <section>
      <PageHeader
        title="Request Glyph Toys"
        description="Ask the community for the glyph you want, or take on someone else's idea."
      />
      <RequestBoard
        viewerId={user?.id ?? null}
        imageUpload={referenceImageUpload}
        renderCardExtras={(request, visibleIds) => <RequestCommunityActions request={request} visibleIds={visibleIds} viewerId={user?.id ?? null} />}
      />
    </section>
  );
}
