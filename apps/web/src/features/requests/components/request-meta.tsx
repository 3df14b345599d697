import { Link } from '../../../lib/router.tsx';
import { formatDate, GLYPH_DEVICE_LABELS, pluralize, type GlyphRequest, COMMON_MSG, REQUEST_MSG } from '@glyphary/shared';
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

/** The phone the request is for (issue 48); nothing when any phone will do. */
export function DeviceLine({ request }: { request: GlyphRequest }) {
  if (!request.device) return null;
  return <p className="text-xs text-muted">{REQUEST_MSG.requestDeviceFor(GLYPH_DEVICE_LABELS[request.device])}</p>;
}

/** The toy that completed the request, as a small card: its picture, title and creator (issue 48). */
export function CompletedGlyphCard({ request }: { request: GlyphRequest }) {
  const glyph = request.completed_glyph;
  if (!glyph) return null;
  if (glyph.deleted) return <p className="text-sm text-muted">{REQUEST_MSG.completedGlyphGone}</p>;
  return (
    <Link
      to={paths.glyph(glyph.id)}
      className="flex items-center gap-4 rounded-[var(--radius-card)] border border-line bg-raised p-3 hover:border-fg/40 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      {glyph.thumbnail ? (
        <img src={glyph.thumbnail} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 shrink-0 rounded-xl bg-black object-cover" />
      ) : (
        <span aria-hidden="true" className="h-16 w-16 shrink-0 rounded-xl bg-black" />
      )}
      <span className="flex min-w-0 flex-col">
        <span className="font-medium wrap-anywhere text-fg">{glyph.title}</span>
        {glyph.creator_username ? <span className="text-sm text-muted">by @{glyph.creator_username}</span> : null}
      </span>
    </Link>
  );
}
