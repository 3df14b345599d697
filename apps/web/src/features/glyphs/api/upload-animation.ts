import type { AnimationImportFieldsInput, UploadedAnimation } from '@glyphary/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/upload-file with type=animations (issue 16): the file (kit JSON, GIF, animated WebP,
 * APNG or a still image) and the import controls → the stored animation's URL, poster and summary
 * (frames, duration, the photosensitivity check).
 * @throws ApiError with the server's message (bad file, too many frames, too large…).
 */
export function uploadAnimation(file: File, controls: Required<AnimationImportFieldsInput>, signal?: AbortSignal): Promise<UploadedAnimation> {
  const body = new FormData();
  // Fields before the file: the server reads them while the file streams in.
  body.append('type', 'animations');
  for (const [name, value] of Object.entries(controls)) body.append(name, value);
  body.append('file', file, file.name);
  return api.post<UploadedAnimation>('/upload-file', body, { signal });
}
