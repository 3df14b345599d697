import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router.tsx';
import { APK_MSG, emptyToNull, MAX_IMAGES, validateGlyph, validateGlyphTags, type UploadedFile, GLYPH_MSG } from '@glyphary/shared';
import { Banner, Button, Input, Textarea } from '../../../components/ui/index.ts';
import { paths } from '../../../config/paths.ts';
import { useFormError } from '../../../lib/use-form-error.ts';
import { useUploadGlyph } from '../api/upload-glyph.ts';
import { AnimationImport, type AnimationChoice } from './animation-import.tsx';
import { ApkPanel } from './apk-panel.tsx';
import { CheckDatabaseButton } from './check-database-button.tsx';
import { TagsField } from './tags-field.tsx';
import type { RenderFileUpload } from './file-upload-slot.ts';

/**
 * The Share Glyph form (spec §2 Upload, §5): values trimmed, empty optionals sent as null, the spec's
 * messages in order; on success it opens the new glyph.
 */
export function UploadGlyphForm({ renderFileUpload }: { renderFileUpload: RenderFileUpload }) {
  const navigate = useNavigate();
  const upload = useUploadGlyph();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<UploadedFile[]>([]);
  const [apk, setApk] = useState<UploadedFile[]>([]);
  const [githubUrl, setGithubUrl] = useState('');
  const [instructions, setInstructions] = useState('');
  const [imagesBusy, setImagesBusy] = useState(false);
  const [apkBusy, setApkBusy] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  const { error, setError, errorRef } = useFormError();
  const [animation, setAnimation] = useState<AnimationChoice | null>(null);
  const [animationBusy, setAnimationBusy] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const payload = {
      title: title.trim(),
      description: description.trim(),
      images: images.map((file) => file.url),
      apkUrl: apk[0]?.url ?? null,
      githubUrl: emptyToNull(githubUrl),
      instructions: emptyToNull(instructions),
      tags,
      animationUrl: animation?.url ?? null,
    };
    const problem = validateGlyph(payload) ?? validateGlyphTags(tags);
    if (problem) {
      setError(problem);
      return;
    }
    upload.mutate(payload, {
      onSuccess: ({ id }) => void navigate(paths.glyph(id)),
      onError: () => setError(GLYPH_MSG.uploadGlyphFailed),
    });
  }

  const busy = imagesBusy || apkBusy || animationBusy;
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-6">
      {error ? (
        <Banner tone="error" ref={errorRef} focusable>
          {error}
        </Banner>
      ) : null}
      <Input label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={100} placeholder="e.g. Charging Ring" />
      <Textarea label="Description" value={description} onChange={(e) => setDescription(e.target.value)} required rows={5} placeholder="What does your Glyph Toy do?" />
      {renderFileUpload({ type: 'images', multiple: true, maxFiles: MAX_IMAGES, value: images, onChange: setImages, label: 'Images', onBusyChange: setImagesBusy, reorderable: true })}
      <AnimationImport value={animation} onChange={setAnimation} onBusyChange={setAnimationBusy} title={title} />
      {renderFileUpload({ type: 'apks', multiple: false, maxFiles: 1, value: apk, onChange: setApk, label: 'APK File', onBusyChange: setApkBusy })}
      {apk[0]?.apk ? <ApkPanel report={apk[0].apk} heading={APK_MSG.uploadFoundHeading} headingId="apk-findings-heading" /> : null}
      <Input
        label="GitHub Repository URL"
        type="url"
        inputMode="url"
        value={githubUrl}
        onChange={(e) => setGithubUrl(e.target.value)}
        placeholder="https://github.com/you/your-glyph-toy"
        hint="An APK file or a GitHub repository is required."
      />
      <TagsField value={tags} onChange={setTags} />
      <Textarea label="Instructions" value={instructions} onChange={(e) => setInstructions(e.target.value)} rows={4} placeholder="How to install and use it (optional)" />
      <div className="flex flex-col gap-4 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
        <CheckDatabaseButton />
        <Button type="submit" size="lg" loading={upload.isPending} disabled={busy}>
          Share Glyph
        </Button>
      </div>
    </form>
  );
}
