import { useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import { formatDate, pluralize, type Glyph, ADMIN_MSG, COMMON_MSG } from '@glyphary/shared';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../config/paths.ts';
import { useDeleteGlyphAsAdmin } from '../api/delete-glyph.ts';
import { useAdminGlyphs } from '../api/get-admin-glyphs.ts';

/** spec §2 Glyphs: every live glyph with View (to /glyph/{id}) and Delete (confirmed, spec §5). */
export function GlyphsTab() {
  const glyphs = useAdminGlyphs();
  const remove = useDeleteGlyphAsAdmin();
  const toast = useToast();
  const [target, setTarget] = useState<Glyph | null>(null);
  const list = glyphs.data?.pages.flatMap((page) => page.glyphs) ?? [];

  function handleConfirm() {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => toast.success(ADMIN_MSG.glyphDeleted),
      onError: () => toast.error(COMMON_MSG.glyphDeleteFailed),
      onSettled: () => setTarget(null),
    });
  }

  if (glyphs.isPending) {
    return (
      <div className="flex flex-col gap-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  }
  if (list.length === 0) return <EmptyState title={COMMON_MSG.noGlyphsFound} headingLevel={3} />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-card)] border border-line">
        {list.map((glyph) => (
          <li key={glyph.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 flex-col">
              <p className="truncate font-medium">{glyph.title}</p>
              <p className="truncate text-sm text-muted">
                @{glyph.creatorUsername} · {formatDate(glyph.createdAt)}
              </p>
              <p className="text-sm text-muted tabular-nums">
                {pluralize(glyph.downloads, 'download')} · {pluralize(glyph.views, 'view')} · {pluralize(glyph.likes, 'like')}
              </p>
            </div>
            <div className="flex gap-2">
              <Link
                to={paths.glyph(glyph.id)}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
                aria-label={`View ${glyph.title}`}
              >
                View
              </Link>
              <Button size="sm" variant="danger" onClick={() => setTarget(glyph)} aria-label={`Delete ${glyph.title}`}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {glyphs.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          onClick={() => void glyphs.fetchNextPage()}
          loading={glyphs.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title="Delete Glyph"
        description={COMMON_MSG.deleteGlyphConfirm}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={handleConfirm}
      />
    </div>
  );
}
