import type { ReactNode } from 'react';
import type { FileType, UploadedFile } from '@glyphary/shared';

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

const STORED = /^\/api\/files\/(images|apks)\/([0-9a-f-]{36}\.(?:webp|apk))$/;

/** An existing URL as a picker value: our stored files keep their name (for delete), others have none. */
export function toUploadedFile(url: string, type: FileType, thumbnail: string | null = null): UploadedFile {
  const match = STORED.exec(url);
  return { url, thumbnail, filename: match?.[2] ?? '', type, size: 0, sha256: '' };
}
