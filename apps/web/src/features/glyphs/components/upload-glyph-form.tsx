import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router.tsx';
import { APK_MSG, emptyToNull, MAX_IMAGES, suggestCategories, validateGlyph, validateGlyphTags, type UploadedFile, GLYPH_MSG } from '@glyphary/shared';
import { Banner, Button, Input, Textarea, useToast } from '../../../components/ui/index.ts';
import { paths } from '../../../config/paths.ts';
import { useFormError } from '../../../lib/use-form-error.ts';
import { useUploadGlyph } from '../api/upload-glyph.ts';
import { AnimationImport, type AnimationChoice } from './animation-import.tsx';
import { ApkPanel } from './apk-panel.tsx';
import { CheckDatabaseButton } from './check-database-button.tsx';
import { TagsField } from './tags-field.tsx';
import { LicenseField, licensePayload, licenseProblem } from './license-field.tsx';
import type { RenderFileUpload } from './file-upload-slot.ts';

/**
 * The Share Glyph form (spec §2 Upload, §5): values trimmed, empty optionals sent as null, the spec's
 * messages in order; on success it opens the new glyph and says so in a toast with a link to it.
 * An analysed APK fills Title and Description from its first toy while they are empty or still hold
 * what the APK put there, so nothing the creator typed is overwritten. A problem found before sending
 * goes away as soon as the fields no longer have it.
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
  const [license, setLicense] = useState('');
  const [licenseChecked, setLicenseChecked] = useState(false);
  const { error, setError, errorRef } = useFormError();
  const [animation, setAnimation] = useState<AnimationChoice | null>(null);
  const [animationBusy, setAnimationBusy] = useState(false);
  const toast = useToast();
  // What the APK last put into each field; a field still equal to it is the APK's, not the creator's.
  const [prefilled, setPrefilled] = useState({ title: '', description: '' });
  // The message came from the form's own check (not the server), so it can be re-checked while typing.
  const [checkedError, setCheckedError] = useState(false);

  type Fields = { title: string; description: string; apk: UploadedFile[]; githubUrl: string; tags: string[] };
  function fieldsChanged(next: Partial<Fields>) {
    if (!checkedError || error === null) return;
    const fields = { title, description, apk, githubUrl, tags, ...next };
    const problem = validateGlyph({
      title: fields.title,
      description: fields.description,
      images: images.map((file) => file.url),
      apkUrl: fields.apk[0]?.url ?? null,
      githubUrl: emptyToNull(fields.githubUrl),
      instructions: emptyToNull(instructions),
    }) ?? validateGlyphTags(fields.tags);
    if (problem !== error) {
      setError(null);
      setCheckedError(false);
    }
  }

  function changeTitle(value: string) {
    setTitle(value);
    fieldsChanged({ title: value });
  }
  function changeDescription(value: string) {
    setDescription(value);
    fieldsChanged({ description: value });
  }
  function changeGithubUrl(value: string) {
    setGithubUrl(value);
    fieldsChanged({ githubUrl: value });
  }
  function changeTags(value: string[]) {
    setTags(value);
    fieldsChanged({ tags: value });
  }
  function changeApk(files: UploadedFile[]) {
    setApk(files);
    const toy = files[0]?.apk?.toys[0];
    const next: Partial<Fields> = { apk: files };
    if (toy) {
      const filled = { ...prefilled };
      if (title.trim() === '' || title === prefilled.title) {
        filled.title = next.title = toy.name.slice(0, 100);
        setTitle(filled.title);
      }
      if (toy.summary && (description.trim() === '' || description === prefilled.description)) {
        filled.description = next.description = toy.summary;
        setDescription(filled.description);
      }
      setPrefilled(filled);
    }
    fieldsChanged(next);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setCheckedError(false);
    const payload = {
      title: title.trim(),
      description: description.trim(),
      images: images.map((file) => file.url),
      apkUrl: apk[0]?.url ?? null,
      githubUrl: emptyToNull(githubUrl),
      instructions: emptyToNull(instructions),
      tags,
      animationUrl: animation?.url ?? null,
      license: licensePayload(license),
    };
    setLicenseChecked(true);
    const problem = validateGlyph(payload) ?? validateGlyphTags(tags) ?? licenseProblem(license);
    if (problem) {
      setError(problem);
      setCheckedError(true);
      return;
    }
    upload.mutate(payload, {
      onSuccess: ({ id }) => {
        toast.success(GLYPH_MSG.glyphShared(payload.title), { href: paths.glyph(id), label: GLYPH_MSG.viewGlyph });
        void navigate(paths.glyph(id));
      },
      onError: () => setError(GLYPH_MSG.uploadGlyphFailed),
    });
  }

  const busy = imagesBusy || apkBusy || animationBusy;
  // Issue 48: categories the APK's toys point to, not yet chosen.
  const toys = apk[0]?.apk?.toys ?? [];
  const suggested = suggestCategories(toys.flatMap((toy) => [toy.name, toy.summary ?? ''])).filter((category) => !tags.includes(category));
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-6">
      {error ? (
        <Banner tone="error" ref={errorRef} focusable>
          {error}
        </Banner>
      ) : null}
      <Input
        label="Title"
        value={title}
        onChange={(e) => changeTitle(e.target.value)}
        required
        maxLength={100}
        placeholder="e.g. Charging Ring"
        hint={title !== '' && title === prefilled.title ? GLYPH_MSG.prefilledFromApk : undefined}
      />
      <Textarea
        label="Description"
        value={description}
        onChange={(e) => changeDescription(e.target.value)}
        required
        rows={5}
        placeholder="What does your glyph do?"
        hint={description !== '' && description === prefilled.description ? GLYPH_MSG.prefilledFromApk : undefined}
      />
      {renderFileUpload({ type: 'images', multiple: true, maxFiles: MAX_IMAGES, value: images, onChange: setImages, label: 'Images', onBusyChange: setImagesBusy, reorderable: true })}
      <AnimationImport value={animation} onChange={setAnimation} onBusyChange={setAnimationBusy} title={title} />
      {renderFileUpload({ type: 'apks', multiple: false, maxFiles: 1, value: apk, onChange: changeApk, label: 'APK File', onBusyChange: setApkBusy })}
      {apk[0]?.apk ? <ApkPanel report={apk[0].apk} heading={APK_MSG.uploadFoundHeading} headingId="apk-findings-heading" /> : null}
      <Input
        label="GitHub Repository URL"
        type="url"
        inputMode="url"
        value={githubUrl}
        onChange={(e) => changeGithubUrl(e.target.value)}
        placeholder="https://github.com/you/your-glyph-toy"
        hint="An APK file or a GitHub repository is required."
      />
      <TagsField value={tags} onChange={changeTags} />
      {suggested.length > 0 ? (
        <div className="-mt-3 flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>{GLYPH_MSG.suggestedCategories}</span>
          {suggested.map((category) => (
            <Button
              key={category}
              size="sm"
              variant="ghost"
              className="font-mono text-xs tracking-wider uppercase"
              aria-label={GLYPH_MSG.addCategory(category)}
              onClick={() => changeTags([...tags, category])}
            >
              + {category}
            </Button>
          ))}
        </div>
      ) : null}
      <LicenseField
        value={license}
        onChange={(value) => {
          setLicense(value);
          if (error === GLYPH_MSG.licenseInvalid && licenseProblem(value) === null) setError(null);
        }}
        onBlur={() => setLicenseChecked(true)}
        showError={licenseChecked}
      />
      <Textarea label="Instructions" value={instructions} onChange={(e) => setInstructions(e.target.value)} rows={4} placeholder="How to install and use it (optional)" />
      <div className="flex flex-col gap-4 border-t border-line pt-6 sm:flex-row sm:items-start sm:justify-between">
        <details className="text-sm text-muted">
          <summary className="cursor-pointer rounded-full py-1 focus-visible:outline-2 focus-visible:outline-offset-2">{GLYPH_MSG.diagnostics}</summary>
          <div className="mt-2">
            <CheckDatabaseButton />
          </div>
        </details>
        <Button type="submit" size="lg" loading={upload.isPending} disabled={busy}>
          Share Glyph
        </Button>
      </div>
    </form>
  );
}
