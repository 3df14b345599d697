import { useEffect, useId, useRef, useState } from 'react';
import { Trash2, Upload } from 'lucide-react';
import { IMPORT_ADJUST_MAX, IMPORT_ADJUST_MIN, type AnimationSummary } from '@glyphary/shared';
import { GlyphPlayer } from '../../../components/glyph-player/glyph-player.tsx';
import { Banner, Button, Spinner } from '../../../components/ui/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadAnimation } from '../api/upload-animation.ts';

/** The animation a glyph form will save: the uploaded file's URL, its poster and what the import found. */
export interface AnimationChoice {
  url: string;
  posterUrl: string;
  summary: AnimationSummary;
}

/** The import UI's texts (issue 16). */
export const IMPORT_TEXT = {
  legend: 'Animation',
  hint: "Optional: your toy's light as it plays on the Glyph Matrix. The Glyph Matrix Developer Kit's JSON, an animated GIF, WebP or APNG, or a still image.",
  choose: 'Choose animation file',
  replace: 'Replace animation file',
  remove: 'Remove animation',
  importing: 'Importing animation…',
  failed: 'Could not import the animation',
  size: 'Matrix size',
  brightness: 'Brightness',
  contrast: 'Contrast',
  invert: 'Invert',
  speed: 'Speed',
  previewTitle: 'the preview',
  noFlashing: 'No flashing detected.',
  flashing: (atMs: number | null) =>
    atMs === null
      ? 'Flashing lights: more than 3 flashes in one second. The player will show a warning and start paused.'
      : `Flashing lights: more than 3 flashes in the second from ${(atMs / 1000).toFixed(1)} s. The player will show a warning and start paused.`,
  summary: (s: AnimationSummary) => `${s.width}×${s.height} · ${s.frameCount} ${s.frameCount === 1 ? 'frame' : 'frames'} · ${(s.durationMs / 1000).toFixed(1)} s`,
};

const ACCEPT = 'application/json,.json,image/gif,.gif,image/webp,.webp,image/png,image/apng,.png,.apng,image/jpeg,.jpg,.jpeg';
const SPEEDS = ['0.25', '0.5', '1', '2', '4'];
/** Controls re-import after the hand settles, not on every step of a slider. */
const DEBOUNCE_MS = 400;

interface Controls {
  size: '25' | '13';
  brightness: number;
  contrast: number;
  invert: boolean;
  speed: string;
}
const DEFAULTS: Controls = { size: '25', brightness: 0, contrast: 0, invert: false, speed: '1' };

function SliderControl({ label, value, onChange, disabled }: { label: string; value: number; onChange: (value: number) => void; disabled: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex justify-between text-sm font-medium">
        {label}
        <output htmlFor={id} className="font-mono text-xs text-muted tabular-nums">
          {value > 0 ? `+${value}` : value}
        </output>
      </label>
      <input
        id={id}
        type="range"
        min={IMPORT_ADJUST_MIN}
        max={IMPORT_ADJUST_MAX}
        step={5}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-8 accent-white"
      />
    </div>
  );
}

/**
 * Issue 16: import a Glyph Matrix animation into a glyph form with a live preview. Choosing a file
 * uploads it with the controls; changing a control imports it again (debounced); the preview plays
 * what the server made of it, with its length and the photosensitivity check, before saving.
 */
export function AnimationImport({
  value,
  onChange,
  onBusyChange,
  title,
}: {
  value: AnimationChoice | null;
  onChange: (value: AnimationChoice | null) => void;
  onBusyChange?: (busy: boolean) => void;
  /** The glyph's title so far, for the preview's labels. */
  title: string;
}) {
  const inputId = useId();
  const statusId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [controls, setControls] = useState<Controls>(DEFAULTS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The first import of a new file goes at once; only control changes wait for the hand to settle.
  const controlsTouched = useRef(false);
  const onChangeRef = useRef(onChange);
  const onBusyRef = useRef(onBusyChange);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBusyRef.current = onBusyChange;
  });

  // Every new file or control setting imports again; a newer import cancels the one in flight.
  useEffect(() => {
    if (!file) return;
    const abort = new AbortController();
    const timer = setTimeout(
      () => {
        setBusy(true);
        setError(null);
        onBusyRef.current?.(true);
        uploadAnimation(
          file,
          { size: controls.size, brightness: String(controls.brightness), contrast: String(controls.contrast), invert: String(controls.invert), speed: controls.speed },
          abort.signal,
        )
          .then((uploaded) => onChangeRef.current({ url: uploaded.url, posterUrl: uploaded.thumbnail, summary: uploaded.animation }))
          .catch((failure: unknown) => {
            if (abort.signal.aborted) return;
            setError(errorMessage(failure, IMPORT_TEXT.failed));
          })
          .finally(() => {
            if (abort.signal.aborted) return;
            setBusy(false);
            onBusyRef.current?.(false);
          });
      },
      controlsTouched.current ? DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [file, controls]);

  function update(next: Partial<Controls>) {
    controlsTouched.current = true;
    setControls((current) => ({ ...current, ...next }));
  }

  function remove() {
    setFile(null);
    setError(null);
    setBusy(false);
    onBusyRef.current?.(false);
    if (inputRef.current) inputRef.current.value = '';
    onChange(null);
  }

  const summary = value?.summary;
  const field = 'rounded-full border border-line-strong bg-black px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4" aria-describedby={`${inputId}-hint`}>
      <legend className="px-1 text-sm font-medium">{IMPORT_TEXT.legend}</legend>
      <p id={`${inputId}-hint`} className="text-xs text-muted">
        {IMPORT_TEXT.hint}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            controlsTouched.current = false;
            if (chosen) setFile(chosen);
          }}
        />
        <label
          htmlFor={inputId}
          className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full border border-line-strong px-5 text-sm font-medium hover:border-fg hover:bg-raised [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-offset-2 [input:focus-visible+&]:outline-white"
        >
          <Upload size={16} aria-hidden="true" />
          {value ? IMPORT_TEXT.replace : IMPORT_TEXT.choose}
        </label>
        {value || file ? (
          <Button variant="ghost" onClick={remove}>
            <Trash2 size={16} aria-hidden="true" />
            {IMPORT_TEXT.remove}
          </Button>
        ) : null}
        {file ? <span className="min-w-0 truncate text-sm text-muted">{file.name}</span> : null}
      </div>

      {file ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {IMPORT_TEXT.size}
            <select className={field} value={controls.size} onChange={(event) => update({ size: event.target.value as Controls['size'] })}>
              <option value="25">25×25 · Phone (3)</option>
              <option value="13">13×13 · Phone (4a) Pro</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {IMPORT_TEXT.speed}
            <select className={field} value={controls.speed} onChange={(event) => update({ speed: event.target.value })}>
              {SPEEDS.map((speed) => (
                <option key={speed} value={speed}>
                  {speed}×
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
            <input type="checkbox" checked={controls.invert} onChange={(event) => update({ invert: event.target.checked })} className="h-5 w-5 accent-white" />
            {IMPORT_TEXT.invert}
          </label>
          <SliderControl label={IMPORT_TEXT.brightness} value={controls.brightness} onChange={(brightness) => update({ brightness })} disabled={false} />
          <SliderControl label={IMPORT_TEXT.contrast} value={controls.contrast} onChange={(contrast) => update({ contrast })} disabled={false} />
        </div>
      ) : null}

      <div id={statusId} role="status" aria-live="polite" className="flex flex-col gap-2 text-sm">
        {busy ? (
          <span className="inline-flex items-center gap-2 text-muted">
            <Spinner size="sm" />
            {IMPORT_TEXT.importing}
          </span>
        ) : null}
        {summary && !busy ? (
          <>
            <span>{IMPORT_TEXT.summary(summary)}</span>
            {summary.flashing ? (
              <span className="font-medium text-warning">{IMPORT_TEXT.flashing(summary.flashAtMs)}</span>
            ) : (
              <span className="text-success-text">{IMPORT_TEXT.noFlashing}</span>
            )}
          </>
        ) : null}
      </div>
      {error ? <Banner tone="error">{error}</Banner> : null}

      {value ? (
        <div className="mx-auto w-full max-w-xs">
          <GlyphPlayer key={value.url} src={value.url} posterUrl={value.posterUrl} size={value.summary.width} flashing={value.summary.flashing} title={title.trim() || IMPORT_TEXT.previewTitle} />
        </div>
      ) : null}
    </fieldset>
  );
}
