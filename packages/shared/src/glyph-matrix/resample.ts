import { ledCells, roundMask, type GlyphAnimation, type MatrixSize } from './index.ts';

/** For each LED of the target matrix: the source LEDs it covers and how much of each (weights sum to 1). */
type Plan = { sources: Uint16Array; weights: Float32Array; starts: Uint32Array };
const plans = new Map<string, Plan>();

/**
 * How a frame of one matrix is shown on the other (the Phone (3)'s 25×25 toy previewed on the
 * Phone (4a) Pro's 13×13, issue 47): both matrices are laid over the same disc, and each target LED
 * takes the area-weighted mean of the source LEDs its square overlaps. Cells outside the source's
 * round mask are no LEDs, so they do not count (the rim keeps its brightness instead of fading
 * towards the dark corners). LED brightness is linear light (PWM), so a plain mean is the light the
 * eye would get from the same area. A target LED that overlaps no source LED stays dark.
 */
function plan(from: MatrixSize, to: MatrixSize): Plan {
  const key = `${from}>${to}`;
  const cached = plans.get(key);
  if (cached) return cached;
  const sourceMask = roundMask(from);
  // Index of each source cell in mask order (−1 outside the mask).
  const ledIndex = new Int32Array(from * from).fill(-1);
  ledCells(from).forEach((cell, i) => (ledIndex[cell] = i));
  const targets = ledCells(to);
  const scale = from / to;
  const sources: number[] = [];
  const weights: number[] = [];
  const starts = new Uint32Array(targets.length + 1);
  for (let t = 0; t < targets.length; t++) {
    starts[t] = sources.length;
    const tx = targets[t]! % to;
    const ty = Math.floor(targets[t]! / to);
    // The target cell's square in source cells.
    const x0 = tx * scale;
    const x1 = (tx + 1) * scale;
    const y0 = ty * scale;
    const y1 = (ty + 1) * scale;
    const first = sources.length;
    let total = 0;
    for (let sy = Math.floor(y0); sy < Math.min(from, Math.ceil(y1)); sy++) {
      const dy = Math.min(y1, sy + 1) - Math.max(y0, sy);
      for (let sx = Math.floor(x0); sx < Math.min(from, Math.ceil(x1)); sx++) {
        const cell = sy * from + sx;
        if (!sourceMask[cell]) continue;
        const area = dy * (Math.min(x1, sx + 1) - Math.max(x0, sx));
        if (area <= 0) continue;
        sources.push(ledIndex[cell]!);
        weights.push(area);
        total += area;
      }
    }
    for (let i = first; i < weights.length; i++) weights[i]! /= total;
  }
  starts[targets.length] = sources.length;
  const made = { sources: Uint16Array.from(sources), weights: Float32Array.from(weights), starts };
  plans.set(key, made);
  return made;
}

/** One frame's LEDs (mask order of `from`) as the `to` matrix shows them (mask order of `to`). */
export function resampleLeds(leds: Uint8Array, from: MatrixSize, to: MatrixSize): Uint8Array {
  if (from === to) return leds;
  const { sources, weights, starts } = plan(from, to);
  const out = new Uint8Array(starts.length - 1);
  for (let t = 0; t < out.length; t++) {
    let sum = 0;
    for (let i = starts[t]!; i < starts[t + 1]!; i++) sum += leds[sources[i]!]! * weights[i]!;
    out[t] = Math.round(sum);
  }
  return out;
}

/** The whole animation on the `to` matrix: same frames and timing, resampled LEDs. */
export function resampleAnimation(animation: GlyphAnimation, to: MatrixSize): GlyphAnimation {
  if (animation.size === to) return animation;
  return { size: to, frames: animation.frames.map((frame) => ({ durationMs: frame.durationMs, leds: resampleLeds(frame.leds, animation.size, to) })) };
}
