import { useId, useSyncExternalStore } from 'react';
import { GLYPH_DEVICE_LABELS, type MatrixSize } from '@glyphary/shared';
import { cn } from '../../../lib/cn.ts';

export const MATRIX_SWITCH_TEXT = {
  legend: 'Preview on',
  options: [
    { size: 25, label: GLYPH_DEVICE_LABELS['phone-3'], detail: '25×25' },
    { size: 13, label: GLYPH_DEVICE_LABELS['phone-4a-pro'], detail: '13×13' },
  ] as const satisfies readonly { size: MatrixSize; label: string; detail: string }[],
};

const STORAGE_KEY = 'glyphary.previewMatrix';

/** The choice when storage is blocked (private mode, a sandboxed frame): kept for this visit only. */
let unstored: MatrixSize | null = null;
const listeners = new Set<() => void>();

function readChoice(): MatrixSize {
  try {
    return localStorage.getItem(STORAGE_KEY) === '13' ? 13 : 25;
  } catch {
    return unstored ?? 25;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', listener);
  };
}

function choose(next: MatrixSize): void {
  unstored = next;
  try {
    localStorage.setItem(STORAGE_KEY, String(next));
  } catch {
    // blocked: remembered for this visit only
  }
  for (const listener of listeners) listener();
}

/**
 * The phone a visitor previews toys on, remembered across glyphs and visits. The server and the
 * hydrating render use the Phone (3), so the pre-rendered page hydrates; a stored choice applies right after.
 */
export function usePreviewMatrix(): [MatrixSize, (size: MatrixSize) => void] {
  return [useSyncExternalStore(subscribe, readChoice, () => 25), choose];
}

/**
 * Phone (3) / Phone (4a) Pro as a segmented control: native radios in a fieldset, so it is one tab
 * stop, the arrow keys move the choice and the checked state is what assistive technology reads.
 */
export function MatrixSwitch({ value, onChange, className }: { value: MatrixSize; onChange: (size: MatrixSize) => void; className?: string }) {
  const name = useId();
  return (
    <fieldset className={cn('flex flex-wrap items-center justify-center gap-x-3 gap-y-2', className)}>
      <legend className="sr-only">{MATRIX_SWITCH_TEXT.legend}</legend>
      <span aria-hidden="true" className="font-mono text-xs tracking-wider text-muted uppercase">
        {MATRIX_SWITCH_TEXT.legend}
      </span>
      <div className="inline-flex rounded-full border border-line-strong p-1">
        {MATRIX_SWITCH_TEXT.options.map((option) => (
          <label
            key={option.size}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-white',
              value === option.size ? 'bg-white text-black' : 'text-fg hover:bg-raised',
            )}
          >
            <input type="radio" name={name} value={option.size} checked={value === option.size} onChange={() => onChange(option.size)} className="sr-only" />
            {option.label}
            <span className={cn('font-mono text-xs', value === option.size ? 'text-black/70' : 'text-muted')}>{option.detail}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
