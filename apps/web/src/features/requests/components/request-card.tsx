import type { ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import { REQUEST_PREVIEW_PUBLIC, truncate, type GlyphRequest, REQUEST_MSG } from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { AssigneeLine, CompletedGlyphLine, DeviceLine, ReferenceCounts, RequesterLine, TagChips } from './request-meta.tsx';
import { StatusBadge } from './status-badge.tsx';

export interface RequestCardProps {
  request: GlyphRequest;
  /** The signed-in user's id, or null for visitors. */
  viewerId: string | null;
  onTakeOn: (request: GlyphRequest) => void;
  takingOn: boolean;
  /** Issue 19: votes and Report, provided by the route. */
  extras?: ReactNode;
}

/**
 * spec §2 Requests card: title, status badge, description cut at 150, tags, reference counts,
 * requester and date, and Take On for open requests of others when signed in. Issue 17: who took
 * it and the glyph that completed it.
 */
export function RequestCard({ request, viewerId, onTakeOn, takingOn, extras }: RequestCardProps) {
  const isOpen = request.status === 'open';
  const isOwn = viewerId !== null && request.user_id === viewerId;
  const headingId = `request-${request.id}-title`;
  return (
    <Card className="flex h-full flex-col gap-3 p-5" role="article" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="min-w-0 font-display text-lg leading-snug font-bold wrap-anywhere">
          <Link to={paths.requestGlyph(request.id)} className="hover:underline">
            {request.title}
          </Link>
        </h2>
        <StatusBadge status={request.status} />
      </div>
      <p className="text-sm wrap-anywhere whitespace-pre-line text-muted">
        {truncate(request.description, REQUEST_PREVIEW_PUBLIC)}
      </p>
      <TagChips tags={request.tags} />
      <div className="mt-auto flex flex-col gap-3 pt-2">
        <ReferenceCounts request={request} />
        <DeviceLine request={request} />
        <AssigneeLine request={request} />
        <CompletedGlyphLine request={request} />
        {extras ? <div className="flex flex-wrap items-center gap-2">{extras}</div> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <RequesterLine request={request} />
          {isOpen && viewerId !== null && !isOwn ? (
            <Button size="sm" onClick={() => onTakeOn(request)} loading={takingOn} aria-label={`Take On: ${request.title}`}>
              Take On
            </Button>
          ) : null}
          {isOpen && viewerId === null ? (
            <Link
              to={paths.loginWithRedirect(paths.requestGlyphs)}
              className="text-xs text-muted underline underline-offset-2 hover:text-fg"
            >
              {REQUEST_MSG.requestLoginToTakeOn}
            </Link>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
