import type { ReactNode } from 'react';
import { parseStoredFileUrl, type FileType, type UploadedFile } from '@glyphary/shared';

/** Props the glyph forms pass to the file picker (features/files FileUpload fits; the route wires it). */
export interface FileUploadSlotProps {
  type: FileType;
  multiple: boolean;
  maxFiles: number;
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  label: string;
  hint?: string;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
  /** Images can be put in order by drag or keyboard; the first is the cover (issue 17). */
  reorderable?: boolean;
}

/** Renders a file picker. Features do not import each other, so the route passes this in. */
export type RenderFileUpload = (props: FileUploadSlotProps) => ReactNode;

/** An existing URL as a picker value: our stored files keep their name (for delete), others have none. */
export function toUploadedFile(url: string, type: FileType, thumbnail: string | null = null): UploadedFile {
  const stored = parseStoredFileUrl(url);
  // Uploaded images and APKs only (an animation or a thumbnail is not deleted through the picker).
  const ours = stored?.part === 'main' && (stored.type === 'images' || stored.type === 'apks');
  return { url, thumbnail, filename: ours ? stored.name : '', type, size: 0, sha256: '' };
}
