import { type FileType, type UploadedFile, COMMON_MSG } from '@glyphary/shared';
import { ApiError } from '../../../lib/api-client.ts';

export interface UploadFileOptions {
  /** Called with 0–1 as the browser sends the body (XMLHttpRequest upload progress). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/upload-file (multipart: type, then file) → `{url, thumbnail, filename, type, size, sha256}`.
 * Uses XMLHttpRequest rather than fetch because only it reports upload progress.
 * @throws ApiError with the response's `error` field, or 'HTTP {status}' (spec §7).
 */
export function uploadFile(file: File, type: FileType, options: UploadFileOptions = {}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload-file');
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data && typeof data === 'object') {
        options.onProgress?.(1);
        resolve(data as UploadedFile);
        return;
      }
      const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
      const message = typeof record.error === 'string' && record.error ? record.error : COMMON_MSG.httpStatus(xhr.status);
      reject(new ApiError(message, xhr.status, typeof record.code === 'string' ? record.code : `HTTP_${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('type', type); // before the file, so the server knows the type while streaming
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
