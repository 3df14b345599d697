import { useState, type FormEvent, type ReactNode } from 'react';
import {
  GLYPH_DEVICE_LABELS,
  GLYPH_DEVICES,
  MAX_IMAGES,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  isResourceUrl,
  normalizeTags,
  splitCommaList,
  type GlyphDevice,
  type GlyphRequest,
  type UploadedFile,
  COMMON_MSG,
  REQUEST_MSG,
} from '@glyphary/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, controlClasses } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCreateRequest } from '../api/create-request.ts';

/** Renders a reference-image uploader (features don't import each other: the route passes the files feature's FileUpload in). */
export type ImageUploadSlot = (props: {
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
}) => ReactNode;

export interface CreateRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (request: GlyphRequest) => void;
  /** When absent, reference images are typed as comma-separated URLs. */
  imageUpload?: ImageUploadSlot;
}

interface Errors {
  title?: string;
  description?: string;
  tags?: string;
  images?: string;
}

/** spec §2 'Create Glyph Request' modal: Title, Description, Tags (comma-separated), reference images, Cancel / Create Request. */
export function CreateRequestDialog({ open, onOpenChange, onCreated, imageUpload }: CreateRequestDialogProps) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [device, setDevice] = useState<GlyphDevice | ''>('');
  const [images, setImages] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [imageText, setImageText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateRequest();
  const toast = useToast();

  function reset() {
    setTitle('');
    setDescription('');
    setTags('');
    setDevice('');
    setImages([]);
    setImageText('');
    setErrors({});
  }

  function validate(referenceImages: string[]): Errors {
    const next: Errors = {};
    // spec §5: title and description required (form-level); tags split on commas, trimmed, empties dropped.
    if (title.trim().length === 0) next.title = REQUEST_MSG.requestTitleRequired;
    if (description.trim().length === 0) next.description = REQUEST_MSG.requestDescriptionRequired;
    const list = normalizeTags(tags);
    if (list.length > MAX_TAGS) next.tags = COMMON_MSG.tooManyTags;
    else if (list.some((tag) => tag.length > MAX_TAG_LENGTH)) next.tags = COMMON_MSG.tagTooLong;
    if (referenceImages.length > MAX_IMAGES) next.images = COMMON_MSG.maxFiles(MAX_IMAGES);
    else if (!referenceImages.every(isResourceUrl)) next.images = REQUEST_MSG.imageUrlInvalid;
    return next;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading) return;
    const referenceImages = imageUpload ? images.map((file) => file.url) : splitCommaList(imageText);
    const found = validate(referenceImages);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const request = await create.mutateAsync({
        title: title.trim(),
        description: description.trim(),
        tags: normalizeTags(tags),
        reference_images: referenceImages,
        reference_files: [],
        device: device || null,
      });
      toast.success(REQUEST_MSG.requestCreated);
      reset();
      onOpenChange(false);
      onCreated?.(request);
    } catch (caught) {
      // spec §8: the server's message, or 'Failed to create request'.
      toast.error(isApiError(caught, 401) ? REQUEST_MSG.requestLoginToCreate : errorMessage(caught, REQUEST_MSG.requestCreateFailed));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!create.isPending) onOpenChange(next);
      }}
      title="Create Glyph Request"
      description="Describe the glyph you would like someone to build."
      hideClose={create.isPending}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
        <Input
          label="Title"
          name="title"
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors((current) => ({ ...current, title: undefined }));
          }}
          error={errors.title}
          maxLength={100}
          required
          autoComplete="off"
        />
        <Textarea
          label="Description"
          name="description"
          value={description}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((current) => ({ ...current, description: undefined }));
          }}
          error={errors.description}
          maxLength={5000}
          required
          rows={5}
        />
        <Input
          label="Tags (comma-separated)"
          name="tags"
          value={tags}
          onChange={(e) => {
            setTags(e.target.value);
            setErrors((current) => ({ ...current, tags: undefined }));
          }}
          error={errors.tags}
          placeholder="battery, clock, animation"
          autoComplete="off"
        />
        <Field label={REQUEST_MSG.requestDeviceLabel}>
          {(field) => (
            <select {...field} name="device" value={device} onChange={(e) => setDevice(e.target.value as GlyphDevice | '')} className={controlClasses}>
              <option value="">{REQUEST_MSG.requestDeviceAny}</option>
              {GLYPH_DEVICES.map((option) => (
                <option key={option} value={option}>
                  {GLYPH_DEVICE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {imageUpload ? (
          <div className="flex flex-col gap-2">
            {imageUpload({ value: images, onChange: setImages, disabled: create.isPending, onBusyChange: setUploading })}
            {errors.images ? <p className="text-sm text-accent-text">{errors.images}</p> : null}
          </div>
        ) : (
          <Input
            label="Reference image URLs (optional)"
            name="referenceImages"
            hint="Comma-separated links to images, up to 5."
            value={imageText}
            onChange={(e) => setImageText(e.target.value)}
            error={errors.images}
            inputMode="url"
            autoComplete="off"
          />
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={uploading}>
            Create Request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
