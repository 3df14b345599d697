import { ArrowLeft, ArrowRight, FileArchive, ImagePlus, Star, Upload, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { formatBytes, IMAGE_EXTENSIONS, MAX_FILE_BYTES, MAX_IMAGES, type FileType, type UploadedFile, COMMON_MSG, FILE_MSG } from '@glyphary/shared';
import { useToast } from '../../../components/ui/index.ts';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { deleteFile } from '../api/delete-file.ts';
import { uploadFile } from '../api/upload-file.ts';

export interface FileUploadProps {
  /** What the server stores: images (PNG, JPG, JPEG, GIF, WebP) or apks (.apk). */
  type: FileType;
  /** Several files (up to `maxFiles`) or exactly one (spec §5 "single-file mode"). */
  multiple?: boolean;
  /** Multiple mode limit; the spec's forms use 5. */
  maxFiles?: number;
  /** The uploaded files (controlled). */
  value: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  /** Visible label of the drop zone. */
  label: string;
  hint?: string;
  disabled?: boolean;
  /** Called with true while any upload is running (forms disable submit meanwhile). */
  onBusyChange?: (busy: boolean) => void;
  /** Images can be put in order by drag or keyboard; the first is the cover (issue 17). */
  reorderable?: boolean;
}

interface PendingUpload {
  key: string;
  name: string;
  size: number;
  progress: number;
  preview: string | null;
}

const ACCEPT: Record<FileType, string> = {
  images: 'image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp',
  apks: '.apk,application/vnd.android.package-archive',
  animations: 'application/json,image/png,image/apng,image/jpeg,image/gif,image/webp,.json,.png,.apng,.jpg,.jpeg,.gif,.webp',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Checks files before sending (spec §5 File upload): count for the mode, accepted types, 50MB each.
 * @returns the first problem's message, or null.
 */
export function validateFiles(files: File[], options: { type: FileType; multiple: boolean; maxFiles: number; existing: number }): string | null {
  if (!options.multiple && (files.length > 1 || options.existing + files.length > 1)) return FILE_MSG.onlyOneFile;
  if (options.multiple && options.existing + files.length > options.maxFiles) return COMMON_MSG.maxFiles(options.maxFiles);
  for (const file of files) {
    const extension = extensionOf(file.name);
    if (options.type === 'images' && !(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return FILE_MSG.fileTypeImage;
    if (options.type === 'apks' && extension !== 'apk') return FILE_MSG.fileTypeApk;
    if (file.size > MAX_FILE_BYTES) return FILE_MSG.fileTooLarge;
  }
  return null;
}

/**
 * Drag-and-drop or pick files; each uploads at once with its own progress bar, then shows a preview
 * with a remove button. Reusable for glyph images and APKs, profile pictures and request references.
 */
export function FileUpload({
  type,
  multiple = false,
  maxFiles = multiple ? MAX_IMAGES : 1,
  value,
  onChange,
  label,
  hint,
  disabled = false,
  onBusyChange,
  reorderable = false,
}: FileUploadProps) {
  const toast = useToast();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // Issue 17: what happened to a selection or an order change, said politely (live region).
  const [notice, setNotice] = useState<string | null>(null);
  const [draggedUrl, setDraggedUrl] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  // Original names of files uploaded here (the server stores generated names).
  const [names, setNames] = useState<Record<string, string>>({});
  // The latest value: uploads finish one by one, each must append to what is current then.
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);

  useEffect(() => {
    onBusyChange?.(pending.length > 0);
  }, [pending.length, onBusyChange]);

  async function start(chosen: File[]) {
    setError(null);
    setNotice(null);
    let files = chosen;
    // Issue 17: more images than there is room for keeps the first ones (in the order chosen) and says so.
    const room = maxFiles - valueRef.current.length - pending.length;
    if (multiple && files.length > room && room > 0) {
      files = files.slice(0, room);
      setNotice(FILE_MSG.tooManyImagesKept(room, chosen.length - room));
    }
    const problem = validateFiles(files, { type, multiple, maxFiles, existing: valueRef.current.length + pending.length });
    if (problem) {
      setError(problem);
      return;
    }
    // Uploads run in parallel but are added in the order the person chose them, not the order they
    // finish in, so the first chosen image stays the cover (issue 17).
    const results: Array<UploadedFile | null> = files.map(() => null);
    await Promise.all(
      files.map(async (file, position) => {
        const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
        const preview = type === 'images' ? URL.createObjectURL(file) : null;
        setPending((items) => [...items, { key, name: file.name, size: file.size, progress: 0, preview }]);
        try {
          const uploaded = await uploadFile(file, type, {
            onProgress: (fraction) => setPending((items) => items.map((item) => (item.key === key ? { ...item, progress: fraction } : item))),
          });
          setNames((current) => ({ ...current, [uploaded.url]: file.name }));
          results[position] = uploaded;
        } catch (failure) {
          const message = FILE_MSG.fileUploadFailed(errorMessage(failure, 'Unknown error'));
          setError(message);
          toast.error(message);
        } finally {
          if (preview) URL.revokeObjectURL(preview);
          setPending((items) => items.filter((item) => item.key !== key));
        }
      }),
    );
    const added = results.filter((file): file is UploadedFile => file !== null);
    if (added.length > 0) {
      valueRef.current = [...valueRef.current, ...added];
      onChange(valueRef.current);
    }
  }

  /** Moves the file at `from` to `to` (the first image is the glyph's cover). */
  function move(from: number, to: number) {
    const list = [...valueRef.current];
    if (to < 0 || to >= list.length || from === to) return;
    const [file] = list.splice(from, 1);
    if (!file) return;
    list.splice(to, 0, file);
    valueRef.current = list;
    onChange(list);
    setNotice(to === 0 ? `Image ${from + 1} is now the cover.` : `Image ${from + 1} moved to position ${to + 1}.`);
  }

  async function remove(file: UploadedFile) {
    setError(null);
    setRemoving(file.url);
    try {
      // Only our own uploads have a stored name; a file a glyph still uses is just detached (409).
      if (file.filename) await deleteFile({ filename: file.filename, type: file.type as FileType });
      onChange(valueRef.current.filter((item) => item.url !== file.url));
    } catch (failure) {
      if (isApiError(failure, 409) || isApiError(failure, 403)) {
        onChange(valueRef.current.filter((item) => item.url !== file.url));
      } else {
        const message = FILE_MSG.fileDeleteFailed(errorMessage(failure, 'Unknown error'));
        setError(message);
        toast.error(message);
      }
    } finally {
      setRemoving(null);
    }
  }

  function handleDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    void start(Array.from(event.dataTransfer.files));
  }

  const Icon = type === 'images' ? ImagePlus : FileArchive;
  const limits = type === 'images' ? `PNG, JPG, JPEG, GIF or WebP · up to 50MB each${multiple ? ` · max ${maxFiles}` : ''}` : '.apk · up to 50MB';

  return (
    <div className="flex flex-col gap-3">
      <span className="text-sm font-medium text-fg" id={`${inputId}-label`}>
        {label}
      </span>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-line-strong bg-surface px-4 py-6 text-center text-sm text-muted transition-colors hover:border-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-white',
          dragging && 'border-white bg-raised text-fg',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <Icon size={24} aria-hidden="true" />
        <span className="font-medium text-fg">
          <Upload size={14} className="mr-1 inline" aria-hidden="true" />
          {multiple ? 'Drop files here or browse' : 'Drop a file here or browse'}
        </span>
        <span id={hintId} className="text-xs">
          {hint ? `${hint} · ` : ''}
          {limits}
        </span>
        <input
          id={inputId}
          type="file"
          className="sr-only"
          accept={ACCEPT[type]}
          multiple={multiple}
          disabled={disabled}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) void start(files);
          }}
        />
      </label>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-accent-text">
          {error}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className={cn('text-sm text-muted', !notice && 'sr-only')}>
        {notice ?? ''}
      </p>
      {value.length > 0 || pending.length > 0 ? (
        <ul className={cn('grid gap-3', type === 'images' ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-1')} aria-label={`${label}: selected files`}>
          {value.map((file, index) => (
            <li
              key={file.url}
              className={cn(
                'relative flex items-center gap-3 overflow-hidden rounded-2xl border border-line bg-surface p-2',
                reorderable && 'flex-col items-stretch',
                draggedUrl === file.url && 'opacity-50',
              )}
              draggable={reorderable && !disabled}
              onDragStart={(event) => {
                if (!reorderable) return;
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', file.url);
                setDraggedUrl(file.url);
              }}
              onDragEnd={() => setDraggedUrl(null)}
              onDragOver={(event) => {
                if (reorderable && draggedUrl) event.preventDefault();
              }}
              onDrop={(event) => {
                if (!reorderable || !draggedUrl) return;
                event.preventDefault();
                event.stopPropagation();
                move(valueRef.current.findIndex((item) => item.url === draggedUrl), index);
                setDraggedUrl(null);
              }}
            >
              {file.type === 'images' || type === 'images' ? (
                <img src={file.thumbnail ?? file.url} alt={`Image ${index + 1}`} className="aspect-square w-full rounded-xl object-cover" />
              ) : (
                <div className="flex min-w-0 flex-1 items-center gap-3 px-2 py-1">
                  <FileArchive size={20} aria-hidden="true" className="shrink-0 text-muted" />
                  <span className="truncate text-sm">{names[file.url] ?? (file.filename || file.url)}</span>
                  {file.size ? <span className="shrink-0 text-xs text-muted">{formatBytes(file.size)}</span> : null}
                </div>
              )}
              <button
                type="button"
                onClick={() => void remove(file)}
                disabled={disabled || removing === file.url}
                aria-label={`Remove ${type === 'images' ? `image ${index + 1}` : (names[file.url] ?? (file.filename || 'file'))}`}
                className={cn(type === 'images' ? 'absolute top-2 right-2' : 'shrink-0', 'flex h-9 w-9 items-center justify-center rounded-full bg-black/80 text-white hover:bg-black disabled:opacity-50')}
              >
                <X size={16} aria-hidden="true" />
              </button>
              {reorderable ? <ReorderControls index={index} count={value.length} disabled={disabled} onMove={move} /> : null}
            </li>
          ))}
          {pending.map((item) => (
            <li key={item.key} className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-2">
              {item.preview ? <img src={item.preview} alt="" className="aspect-square w-full rounded-xl object-cover opacity-60" /> : null}
              <span className="truncate px-1 text-xs text-muted">
                {item.name} · {formatBytes(item.size)}
              </span>
              <div
                role="progressbar"
                aria-label={`Uploading ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
                className="h-1.5 overflow-hidden rounded-full bg-raised"
              >
                <div className="h-full bg-accent transition-[width]" style={{ width: `${Math.round(item.progress * 100)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Keyboard (and pointer) ordering of one image: earlier, later, make cover; the first is marked Cover. */
function ReorderControls({ index, count, disabled, onMove }: { index: number; count: number; disabled: boolean; onMove: (from: number, to: number) => void }) {
  const small = 'flex h-9 min-w-9 items-center justify-center gap-1 rounded-full border border-line-strong px-2 text-xs text-fg hover:border-fg disabled:opacity-40';
  return (
    <div className="flex items-center justify-between gap-1">
      {index === 0 ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-1 font-mono text-[0.65rem] tracking-wider text-white uppercase">
          <Star size={12} aria-hidden="true" />
          Cover
        </span>
      ) : (
        <button type="button" className={small} disabled={disabled} onClick={() => onMove(index, 0)} aria-label={`Make image ${index + 1} the cover`}>
          <Star size={12} aria-hidden="true" />
          Cover
        </button>
      )}
      <span className="flex gap-1">
        <button type="button" className={small} disabled={disabled || index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Move image ${index + 1} earlier`}>
          <ArrowLeft size={14} aria-hidden="true" />
        </button>
        <button type="button" className={small} disabled={disabled || index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={`Move image ${index + 1} later`}>
          <ArrowRight size={14} aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
