import { useState, type ReactNode } from 'react';
import { isResourceUrl, MAX_URL_LENGTH } from '@glyphary/shared';
import { DotMatrix } from '../../../components/ui/dot-matrix.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

export interface ImageSourceFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  shape: 'banner' | 'avatar';
  hint?: string;
  /** The file-upload control for this image (spec §2 "upload or URL"), rendered beside the URL input. */
  uploadSlot?: ReactNode;
  /** spec §2: the URL input is disabled while an uploaded file is in use. */
  urlDisabled?: boolean;
}

/** An image chosen by URL or by upload, with a live preview. */
export function ImageSourceField({ label, value, onChange, shape, hint, uploadSlot, urlDisabled = false }: ImageSourceFieldProps) {
  // The URL whose image failed to load; a new URL gets a new try.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const trimmed = value.trim();
  const previewable = trimmed.length > 0 && isResourceUrl(trimmed) && brokenUrl !== trimmed;

  return (
    <div className={cn('flex gap-4', shape === 'banner' ? 'flex-col' : 'flex-col sm:flex-row sm:items-start')}>
      <div
        className={cn(
          'relative shrink-0 overflow-hidden border border-line bg-black',
          shape === 'banner' ? 'aspect-[4/1] w-full rounded-2xl dot-grid' : 'flex h-24 w-24 items-center justify-center rounded-full',
        )}
      >
        {previewable ? (
          <img
            src={trimmed}
            alt={`${label} preview`}
            referrerPolicy="no-referrer"
            onError={() => setBrokenUrl(trimmed)}
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : shape === 'avatar' ? (
          <DotMatrix size={94} pattern="ring" />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3">
        <Input
          label={label}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={MAX_URL_LENGTH}
          hint={hint}
          value={value}
          disabled={urlDisabled}
          onChange={(event) => onChange(event.target.value)}
        />
        {uploadSlot}
      </div>
    </div>
  );
}
