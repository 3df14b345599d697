import { ledCount, type GlyphAnimation } from './index.ts';

/**
 * Photosensitivity check of an animation (issue 16), after WCAG 2.3.1 "Three Flashes or Below
 * Threshold", general flash. Pure: the server runs it on import and the browser on its preview.
 *
 * - Each LED's brightness 0–255 is treated as an sRGB grey level and linearised to relative luminance.
 * - A transition of one LED is a change of relative luminance of at least 10% (0.1) between a local
 *   extreme and a later value, where the darker of the two is below 0.80 (the "saturated" limit).
 *   A flash is a pair of opposing transitions, so more than 3 flashes means more than 6 transitions.
 * - Area: a one-second window fails when at least FLASH_AREA_SHARE of the matrix's LEDs each make
 *   more than 6 transitions in it. WCAG's area rule is 25% of any 10° field of view; the whole matrix
 *   (a phone's back, or the player on screen) is seen within about 10°, so a quarter of its LEDs is
 *   the same share. A single blinking dot or a small spinner is not a general flash.
 * - Animations loop: the check plays the animation on for one more second so windows across the
 *   loop seam count, and reports the first failing window that starts within the first play.
 */

/** Share of the matrix's LEDs that must flash together for a general flash (see above). */
export const FLASH_AREA_SHARE = 0.25;
/** Minimum change of relative luminance of one transition. */
export const FLASH_MIN_DELTA = 0.1;
/** The darker state of a transition must be below this relative luminance. */
export const FLASH_DARK_LIMIT = 0.8;
/** More than this many flashes in one second fails. */
export const FLASH_MAX_PER_SECOND = 3;
const WINDOW_MS = 1000;

export interface FlashResult {
  flashing: boolean;
  /** Start (ms from the animation's start) of the first one-second window that fails, or null. */
  flashAtMs: number | null;
}

const LINEAR = (() => {
  const table = new Float64Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    table[v] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return table;
})();

/** Relative luminance (0..1) of an LED brightness 0..255 taken as an sRGB grey. */
export function relativeLuminance(brightness: number): number {
  return LINEAR[Math.max(0, Math.min(255, Math.round(brightness)))]!;
}

export function checkFlashing(animation: GlyphAnimation): FlashResult {
  const frames = animation.frames;
  const leds = ledCount(animation.size);
  const total = frames.reduce((sum, frame) => sum + frame.durationMs, 0);
  if (frames.length < 2 || total <= 0) return { flashing: false, flashAtMs: null };

  // Unroll the loop until the played time covers the first play plus one window.
  const starts: number[] = [];
  const order: number[] = [];
  for (let t = 0, i = 0; t < total + WINDOW_MS; i++) {
    starts.push(t);
    order.push(i % frames.length);
    t += frames[i % frames.length]!.durationMs;
  }
  const steps = order.length;

  // transitions[led][k] = how many transitions that LED has completed by step k (cumulative).
  const cumulative: Uint16Array[] = [];
  for (let led = 0; led < leds; led++) {
    const counts = new Uint16Array(steps + 1);
    let direction = 0; // 0 unknown, 1 rising, -1 falling
    let low = relativeLuminance(frames[order[0]!]!.leds[led]!);
    let high = low;
    let count = 0;
    counts[0] = 0;
    for (let k = 0; k < steps; k++) {
      const value = relativeLuminance(frames[order[k]!]!.leds[led]!);
      if (direction !== 1 && value - low >= FLASH_MIN_DELTA && low < FLASH_DARK_LIMIT) {
        count++;
        direction = 1;
        high = value;
      } else if (direction !== -1 && high - value >= FLASH_MIN_DELTA && value < FLASH_DARK_LIMIT) {
        count++;
        direction = -1;
        low = value;
      }
      // Track the extreme the next opposing transition is measured from.
      if (direction === 1) high = Math.max(high, value);
      else if (direction === -1) low = Math.min(low, value);
      else {
        low = Math.min(low, value);
        high = Math.max(high, value);
      }
      counts[k + 1] = count;
    }
    cumulative.push(counts);
  }

  const needed = Math.ceil(leds * FLASH_AREA_SHARE);
  const maxTransitions = FLASH_MAX_PER_SECOND * 2;
  let end = 0;
  for (let s = 0; s < steps && starts[s]! < total; s++) {
    while (end < steps && starts[end]! < starts[s]! + WINDOW_MS) end++;
    // Transitions completed at steps s..end-1 happen within [starts[s], starts[s] + 1 s).
    let flashingLeds = 0;
    for (let led = 0; led < leds; led++) {
      const counts = cumulative[led]!;
      if (counts[end]! - counts[s]! > maxTransitions) flashingLeds++;
    }
    if (flashingLeds >= needed) return { flashing: true, flashAtMs: starts[s]! };
  }
  return { flashing: false, flashAtMs: null };
}
