import { Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { type Glyph, COMMON_MSG } from '@glyphary/shared';
import { Button, ConfirmDialog, useToast } from '../../../components/ui/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteGlyph } from '../api/delete-glyph.ts';
import type { RenderFileUpload } from './file-upload-slot.ts';

// The edit form (tags, animation import, APK panel) loads when its owner first opens it.
const EditGlyphDialog = lazy(() => import('./edit-glyph-dialog.tsx').then((m) => ({ default: m.EditGlyphDialog })));

/**
 * spec §6: the creator's Edit and Delete, with the delete confirmation. Only the creator sees them,
 * so they are a module of their own that visitors never load.
 */
export function CreatorTools({
  glyph,
  renderFileUpload,
  onPublishUpdate,
}: {
  glyph: Glyph;
  renderFileUpload: RenderFileUpload;
  onPublishUpdate?: (() => void) | undefined;
}) {
  const toast = useToast();
  const remove = useDeleteGlyph(glyph.id);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  return (
    <>
      <section aria-labelledby="creator-tools-heading" className="flex flex-col gap-3 rounded-2xl border border-line p-4">
        <h2 id="creator-tools-heading" className="font-mono text-xs tracking-wider text-muted uppercase">
          Creator tools
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil size={16} aria-hidden="true" />
            Edit Glyph
          </Button>
          <Button variant="ghost" className="text-accent-text" onClick={() => setConfirmingDelete(true)}>
            <Trash2 size={16} aria-hidden="true" />
            Delete Glyph
          </Button>
        </div>
      </section>
      {editing ? (
        <Suspense fallback={null}>
          <EditGlyphDialog glyph={glyph} open={editing} onOpenChange={setEditing} renderFileUpload={renderFileUpload} onPublishUpdate={onPublishUpdate} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete Glyph"
        description={COMMON_MSG.deleteGlyphConfirm}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => setConfirmingDelete(false),
            onError: (error) => toast.error(errorMessage(error, COMMON_MSG.glyphDeleteFailed)),
          })
        }
      />
    </>
  );
}
