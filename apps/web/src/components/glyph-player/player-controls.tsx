import type { KeyboardEvent, ReactNode } from 'react';
import { Pause, Play, Repeat } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { PLAYER_TEXT, type PlayerControlsState } from './player-core.tsx';

export const PLAYER_SPEEDS = [0.25, 0.5, 1, 2, 4] as const;

const control = 'inline-flex h-10 min-w-10 items-center justify-center rounded-full border border-line-strong px-2 text-sm text-fg hover:bg-raised disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The full player (glyph page, previews): a labelled group around the stage, keyboard control and
 * the bar of play/pause, position, speed and loop. Cards and the hero never show it, so it is a
 * module of its own.
 */
export function PlayerControls({ state, stage, className }: { state: PlayerControlsState; stage: ReactNode; className?: string | undefined }) {
  const { title, ready, playing, frame, count, at, total, speed, setSpeed, loop, setLoop, toggle, seek, seekBy } = state;

  function handleKey(event: KeyboardEvent<HTMLDivElement>) {
    // Keys meant for the controls inside stay theirs.
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ' || event.key === 'Enter') toggle();
    else if (event.key === 'ArrowRight') seekBy(1);
    else if (event.key === 'ArrowLeft') seekBy(-1);
    else if (event.key === 'Home') seek(0);
    else if (event.key === 'End') seek(Infinity);
    else return;
    event.preventDefault();
  }

  return (
    <div
      role="group"
      aria-label={PLAYER_TEXT.group(title)}
      tabIndex={0}
      onKeyDown={handleKey}
      className={cn('flex flex-col gap-3 rounded-[var(--radius-card)] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white', className)}
    >
      {stage}
      <div className="flex items-center gap-2">
        <button type="button" className={control} onClick={toggle} disabled={!ready} aria-label={playing ? PLAYER_TEXT.pause : PLAYER_TEXT.play}>
          {playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
        </button>
        <input
          type="range"
          min={0}
          max={count - 1}
          step={1}
          value={frame}
          disabled={!ready}
          onChange={(event) => seek(Number(event.target.value))}
          aria-label={PLAYER_TEXT.position}
          aria-valuetext={PLAYER_TEXT.frame(frame + 1, count, at, total)}
          className="h-10 min-w-0 flex-1 accent-white"
        />
        <span className="w-20 shrink-0 text-right font-mono text-xs text-muted tabular-nums" aria-hidden="true">
          {frame + 1}/{count}
        </span>
        <select aria-label={PLAYER_TEXT.speed} value={speed} onChange={(event) => setSpeed(Number(event.target.value))} className={cn(control, 'bg-black')}>
          {PLAYER_SPEEDS.map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
        <button type="button" className={cn(control, loop && 'border-white bg-white text-black hover:bg-fg/85')} onClick={() => setLoop(!loop)} aria-pressed={loop} aria-label={PLAYER_TEXT.loop}>
          <Repeat size={16} aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
