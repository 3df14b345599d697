import type { GlyphAnimation } from '@glyphary/shared';

/** Where each frame starts on the animation's clock, in ms, and how long one pass lasts. */
export interface Timeline {
  starts: number[];
  total: number;
}

/** The frame start times of an animation (frame i shows from starts[i] until starts[i + 1]). */
export function createTimeline(durations: readonly number[]): Timeline {
  const starts: number[] = [];
  let total = 0;
  for (const duration of durations) {
    starts.push(total);
    total += duration;
  }
  return { starts, total };
}

/** The frame showing at `positionMs` (clamped into the animation): a binary search over the start times. */
export function frameAt(timeline: Timeline, positionMs: number): number {
  const { starts } = timeline;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= positionMs) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Moves the play position on by `elapsedMs` of wall time at `speed`. Looping wraps around; otherwise
 * the position stops on the last frame and `ended` is true.
 */
export function advance(
  timeline: Timeline,
  positionMs: number,
  elapsedMs: number,
  speed: number,
  loop: boolean,
): { position: number; ended: boolean } {
  const { total } = timeline;
  const next = positionMs + Math.max(0, elapsedMs) * speed;
  if (next < total) return { position: next, ended: false };
  if (loop && total > 0) return { position: next % total, ended: false };
  return { position: timeline.starts[timeline.starts.length - 1] ?? 0, ended: true };
}

/**
 * The still frame shown before playing (reduced motion, flashing warning): the frame with the most
 * light, so a ring that grows out of darkness shows its ring and not the dark first frame.
 */
export function posterFrame(animation: GlyphAnimation): number {
  let best = 0;
  let bestLight = -1;
  animation.frames.forEach((frame, index) => {
    let light = 0;
    for (const value of frame.leds) light += value;
    if (light > bestLight) {
      best = index;
      bestLight = light;
    }
  });
  return best;
}

export { formatSeconds } from './format-seconds.ts';
