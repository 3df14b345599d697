import { lazy, Suspense } from 'react';
import type { FileUploadProps } from './file-upload.tsx';

const Loaded = lazy(() => import('./file-upload.tsx').then((m) => ({ default: m.FileUpload })));

/**
 * The file picker for dialogs (edit a glyph, publish an update, a new request): its code (~5 KB
 * gzip) loads when a dialog first shows it, not with the page. Forms that are a
 * page's first render (upload, settings) use FileUpload itself.
 */
export function LazyFileUpload(props: FileUploadProps) {
  return (
    <Suspense fallback={<div className="h-32 animate-pulse rounded-2xl border border-dashed border-line" aria-hidden="true" />}>
      <Loaded {...props} />
    </Suspense>
  );
}
