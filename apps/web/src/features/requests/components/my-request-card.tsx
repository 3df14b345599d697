import { Link } from '../../../lib/router.tsx';
import { REQUEST_PREVIEW_MINE, truncate, type GlyphRequest } from '@glyphary/shared';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { CancelButton } from './cancel-button.tsx';
import { StillWorkingButton } from './still-working-button.tsx';
import { CompleteMenu } from './complete-menu.tsx';
import { AssigneeLine, CompletedGlyphLine, RequesterLine, TagChips } from './request-meta.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * spec §2 My Requests card: title, status, description cut at 100, tags, requester, date. Taken On:
 * Complete menu and Cancel while in progress. Created: 'Assigned to' and Cancel for the requester.
 */
export function MyRequestCard({ request, userId }: { request: GlyphRequest; userId: string }) {
  const taken = request.type === 'assigned';
  const headingId = `my-request-${request.id}-title`;
  const active = request.status === 'open' || request.status === 'in_progress';
  return (
    <Card className="flex h-full flex-col gap-3 p-5" role="article" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 font-display text-lg leading-snug font-bold wrap-anywhere">
          <Link to={paths.requestGlyph(request.id)} className="hover:underline">
            {request.title}
          </Link>
        </h3>
        <StatusBadge status={request.status} />
      </div>
      <p className="text-sm wrap-anywhere whitespace-pre-line text-muted">{truncate(request.description, REQUEST_PREVIEW_MINE)}</p>
      <TagChips tags={request.tags} />
      <div className="mt-auto flex flex-col gap-2 pt-2">
        <RequesterLine request={request} />
        {!taken ? <AssigneeLine request={request} fallback="Not yet assigned" /> : null}
        <CompletedGlyphLine request={request} />
        {taken && request.status === 'in_progress' ? (
          <div className="flex flex-wrap gap-2 pt-1">
            <CompleteMenu request={request} userId={userId} />
            <CancelButton request={request} role="assignee" />
            <StillWorkingButton requestId={request.id} />
          </div>
        ) : null}
        {!taken && active ? (
          <div className="flex flex-wrap gap-2 pt-1">
            <CancelButton request={request} role="requester" />
          </div>
        ) : null}
      </div>
    </Card>
  );
}
