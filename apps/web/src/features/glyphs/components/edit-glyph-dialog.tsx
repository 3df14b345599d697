import { useState, type FormEvent } from 'react';
import { emptyToNull, MAX_IMAGES, splitCommaList, validateGlyph, validateGlyphTags, type Glyph, type UploadedFile, COMMON_MSG, GLYPH_MSG } from '@glyphary/shared';
import { Banner, Button, Dialog, Input, Textarea } from '../../../components/ui/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormError } from '../../../lib/use-form-error.ts';
import { useUpdateGlyph } from '../api/update-glyph.ts';
import { AnimationImport, type AnimationChoice } from './animation-import.tsx';
import { toUploadedFile, type RenderFileUpload } from './file-upload-slot.ts';
import { TagsField } from './tags-field.tsx';
import { LicenseField, licensePayload, licenseProblem } from './license-field.tsx';

const STORED_IMAGE = /^\/api\/files\/images\//;

/**
 * Edit Glyph (spec §5): title and description required, URL fields must be valid URLs, images by
 * upload or as comma-separated URLs. A failed save reads 'Failed to update glyph: {message}'
 * (spec §8); a problem found before sending is shown as itself (issue 17), since nothing failed.
 * The APK is the same upload control as on Share Glyph, not a raw URL (issue 17) — but only while the
 * glyph has none: once it ships an APK, its APK changes by publishing an update (issue 18: the server
 * refuses a swapped APK here, since that would skip the package, version code and signer checks).
 */
export function EditGlyphDialog({
  glyph,
  open,
  onOpenChange,
  renderFileUpload,
  onPublishUpdate,
}: {
  glyph: Glyph;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  renderFileUpload: RenderFileUpload;
  /** Opens 'Publish an update' (the route owns it), offered instead of replacing a shipped APK. */
  onPublishUpdate?: (() => void) | undefined;
}) {
  const update = useUpdateGlyph(glyph.id);
  const [title, setTitle] = useState(glyph.title);
  const [description, setDescription] = useState(glyph.description);
  const [apk, setApk] = useState<UploadedFile[]>([]);
  // A shipped APK stays as it is here; a glyph without one may add its release 1.
  const shipsApk = glyph.apkUrl !== null;
  const [githubUrl, setGithubUrl] = useState(glyph.githubUrl ?? '');
  const [instructions, setInstructions] = useState(glyph.instructions ?? '');
  const [tags, setTags] = useState<string[]>(glyph.tags);
  const [license, setLicense] = useState(glyph.license ?? '');
  const [licenseChecked, setLicenseChecked] = useState(false);
  const [uploaded, setUploaded] = useState<UploadedFile[]>(() =>
    glyph.images.flatMap((url, i) => (STORED_IMAGE.test(url) ? [toUploadedFile(url, 'images', glyph.thumbnails[i] ?? null)] : [])),
  );
  const [imageUrls, setImageUrls] = useState(() => glyph.images.filter((url) => !STORED_IMAGE.test(url)).join(', '));
  const [imagesBusy, setImagesBusy] = useState(false);
  const [apkBusy, setApkBusy] = useState(false);
  const { error, setError, errorRef } = useFormError();
  const [animation, setAnimation] = useState<AnimationChoice | null>(() =>
    glyph.animation ? { url: glyph.animation.url, posterUrl: glyph.animation.posterUrl, summary: { ...glyph.animation, flashAtMs: null } } : null,
  );
  const [animationBusy, setAnimationBusy] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const payload = {
      title: title.trim(),
      description: description.trim(),
      images: [...uploaded.map((file) => file.url), ...splitCommaList(imageUrls)],
      apkUrl: shipsApk ? glyph.apkUrl : (apk[0]?.url ?? null),
      githubUrl: emptyToNull(githubUrl),
      instructions: emptyToNull(instructions),
      tags,
      license: licensePayload(license),
      // Sent only when changed: left out, the glyph keeps its animation.
      ...((animation?.url ?? null) !== (glyph.animation?.url ?? null) ? { animationUrl: animation?.url ?? null } : {}),
    };
    setLicenseChecked(true);
    const problem = validateGlyph(payload) ?? validateGlyphTags(tags) ?? licenseProblem(license);
    if (problem) {
      setError(problem);
      return;
    }
    update.mutate(payload, {
      onSuccess: () => onOpenChange(false),
      onError: (failure) => setError(GLYPH_MSG.updateGlyphFailed(errorMessage(failure, 'Unknown error'))),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)} title="Edit Glyph" className="max-w-2xl">
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        {error ? (
          <Banner tone="error" ref={errorRef} focusable>
            {error}
          </Banner>
        ) : null}
        <Input label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={100} />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.target.value)} required rows={5} />
        {shipsApk ? (
          <section aria-labelledby="edit-apk-heading" className="flex flex-col items-start gap-2 rounded-2xl border border-line p-3 text-sm">
            <h3 id="edit-apk-heading" className="font-medium">
              APK File
            </h3>
            <p className="text-muted">{GLYPH_MSG.editApkViaRelease}</p>
            {onPublishUpdate ? (
              <Button
                variant="outline"
                onClick={() => {
                  onOpenChange(false);
                  onPublishUpdate();
                }}
              >
                {COMMON_MSG.publishUpdate}
              </Button>
            ) : null}
          </section>
        ) : (
          renderFileUpload({ type: 'apks', multiple: false, maxFiles: 1, value: apk, onChange: setApk, label: 'APK File', onBusyChange: setApkBusy })
        )}
        <Input label="GitHub Repository URL" value={githubUrl} onChange={(e) => setGithubUrl(e.target.value)} type="url" inputMode="url" placeholder="https://github.com/…" />
        <Textarea label="Instructions" value={instructions} onChange={(e) => setInstructions(e.target.value)} rows={4} />
        <TagsField value={tags} onChange={setTags} />
        <LicenseField value={license} onChange={setLicense} onBlur={() => setLicenseChecked(true)} showError={licenseChecked} />
        {renderFileUpload({
          type: 'images',
          multiple: true,
          maxFiles: MAX_IMAGES,
          value: uploaded,
          onChange: setUploaded,
          label: 'Images',
          onBusyChange: setImagesBusy,
          reorderable: true,
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
          <Button type="submit" loading={update.isPending} disabled={imagesBusy || apkBusy || animationBusy}>
            {update.isPending ? GLYPH_MSG.saving : 'Save Changes'}
          </Button>
        </div>
        <p role="status" aria-live="polite" className="sr-only">
          {update.isPending ? GLYPH_MSG.saving : ''}
        </p>
      </form>
    </Dialog>
  );
}
