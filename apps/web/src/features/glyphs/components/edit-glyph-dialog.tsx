import { useState, type FormEvent } from 'react';
import { emptyToNull, MAX_IMAGES, MSG, splitCommaList, validateGlyph, type Glyph, type UploadedFile } from '@glyphary/shared';
import { Banner, Button, Dialog, Input, Textarea } from '../../../components/ui/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateGlyph } from '../api/update-glyph.ts';
import { AnimationImport, type AnimationChoice } from './animation-import.tsx';
import { toUploadedFile, type RenderFileUpload } from './file-upload-slot.ts';

const STORED_IMAGE = /^\/api\/files\/images\//;

/**
 * Edit Glyph (spec §5): title and description required, URL fields must be valid URLs, images by
 * upload or as comma-separated URLs. Errors read 'Failed to update glyph: {message}' (spec §8).
 */
export function EditGlyphDialog({
  glyph,
  open,
  onOpenChange,
  renderFileUpload,
}: {
  glyph: Glyph;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  renderFileUpload: RenderFileUpload;
}) {
  const update = useUpdateGlyph(glyph.id);
  const [title, setTitle] = useState(glyph.title);
  const [description, setDescription] = useState(glyph.description);
  const [apkUrl, setApkUrl] = useState(glyph.apkUrl ?? '');
  const [githubUrl, setGithubUrl] = useState(glyph.githubUrl ?? '');
  const [instructions, setInstructions] = useState(glyph.instructions ?? '');
  const [uploaded, setUploaded] = useState<UploadedFile[]>(() =>
    glyph.images.flatMap((url, i) => (STORED_IMAGE.test(url) ? [toUploadedFile(url, 'images', glyph.thumbnails[i] ?? null)] : [])),
  );
  const [imageUrls, setImageUrls] = useState(() => glyph.images.filter((url) => !STORED_IMAGE.test(url)).join(', '));
  const [busy, setBusy] = useState(false);
  const [animation, setAnimation] = useState<AnimationChoice | null>(() =>
    glyph.animation ? { url: glyph.animation.url, posterUrl: glyph.animation.posterUrl, summary: { ...glyph.animation, flashAtMs: null } } : null,
  );
  const [animationBusy, setAnimationBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const payload = {
      title: title.trim(),
      description: description.trim(),
      images: [...uploaded.map((file) => file.url), ...splitCommaList(imageUrls)],
      apkUrl: emptyToNull(apkUrl),
      githubUrl: emptyToNull(githubUrl),
      instructions: emptyToNull(instructions),
      // Sent only when changed: left out, the glyph keeps its animation.
      ...((animation?.url ?? null) !== (glyph.animation?.url ?? null) ? { animationUrl: animation?.url ?? null } : {}),
    };
    const problem = validateGlyph(payload);
    if (problem) {
      setError(MSG.updateGlyphFailed(problem));
      return;
    }
    update.mutate(payload, {
      onSuccess: () => onOpenChange(false),
      onError: (failure) => setError(MSG.updateGlyphFailed(errorMessage(failure, 'Unknown error'))),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)} title="Edit Glyph" className="max-w-2xl">
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        {error ? <Banner tone="error">{error}</Banner> : null}
        <Input label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={100} />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.target.value)} required rows={5} />
        <Input label="APK URL" value={apkUrl} onChange={(e) => setApkUrl(e.target.value)} inputMode="url" autoComplete="off" />
        <Input label="GitHub Repository URL" value={githubUrl} onChange={(e) => setGithubUrl(e.target.value)} type="url" inputMode="url" placeholder="https://github.com/…" />
        <Textarea label="Instructions" value={instructions} onChange={(e) => setInstructions(e.target.value)} rows={4} />
        {renderFileUpload({
          type: 'images',
          multiple: true,
          maxFiles: MAX_IMAGES,
          value: uploaded,
          onChange: setUploaded,
          label: 'Images',
          onBusyChange: setBusy,
        })}
        <Input
          label="Image URLs"
          hint="Comma-separated"
          value={imageUrls}
          onChange={(e) => setImageUrls(e.target.value)}
          inputMode="url"
          placeholder="https://example.com/a.png, https://example.com/b.png"
        />
        <AnimationImport value={animation} onChange={setAnimation} onBusyChange={setAnimationBusy} title={title} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={busy || animationBusy}>
            Save Changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
