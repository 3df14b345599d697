import { Link } from '../../../lib/router.tsx';
import { formatDate, pluralize, type GlyphRequest, COMMON_MSG } from '@glyphary/shared';
import { paths } from '../../../config/paths.ts';

/** Tag chips of a request (nothing when it has none). */
export function TagChips({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-raised px-2.5 py-0.5 text-xs text-muted">
          #{tag}
        </li>
      ))}
    </ul>
  );
}

/** "by @user · date" (spec §8: 'Unknown' requester, 'Unknown date'). */
export function RequesterLine({ request }: { request: GlyphRequest }) {
  const username = request.user?.username;
  return (
    <p className="text-xs text-muted">
      by{' '}
      {username ? (
        <Link to={paths.storefront(username)} className="text-fg underline underline-offset-2 hover:decoration-2">
          @{username}
        </Link>
      ) : (
        <span className="text-fg">{COMMON_MSG.unknownUser}</span>
      )}{' '}
      · <time dateTime={request.created_at}>{formatDate(request.created_at)}</time>
    </p>
  );
}

/** Counts of reference images and files ("2 reference images · 1 reference file"); a zero count is left out, both zero say nothing. */
export function ReferenceCounts({ request }: { request: GlyphRequest }) {
  const parts = [
    [request.reference_images.length, 'reference image'],
    [request.reference_files.length, 'reference file'],
  ] as const;
  const shown = parts.filter(([count]) => count > 0).map(([count, noun]) => pluralize(count, noun));
  if (shown.length === 0) return null;
  return <p className="text-xs text-subtle">{shown.join(' · ')}</p>;
}

/**
 * Who took the request (issue 17: shown on the public board too), as a link to their storefront.
 * `fallback` is shown when nobody has (My Requests says so; the board shows nothing).
 */
export function AssigneeLine({ request, fallback }: { request: GlyphRequest; fallback?: string }) {
  const assignee = request.assigned_user;
  if (!assignee && !fallback) return null;
  return (
    <p className="text-xs text-muted">
      Assigned to:{' '}
      {assignee ? (
        <Link to={paths.storefront(assignee.username)} className="text-fg underline underline-offset-2 hover:decoration-2">
          @{assignee.username}
        </Link>
      ) : (
        <span className="text-fg">{fallback}</span>
      )}
    </p>
  );
}

/** The glyph that completed the request, linked (nothing when it was completed without one). */
export function CompletedGlyphLine({ request }: { request: GlyphRequest }) {
  if (!request.completed_glyph) return null;
  return (
    <p className="text-xs text-muted">
      Completed with{' '}
      <Link to={paths.glyph(request.completed_glyph.id)} className="text-fg underline underline-offset-2 hover:decoration-2">
        {request.completed_glyph.title}
      </Link>
    </p>
  );
}
