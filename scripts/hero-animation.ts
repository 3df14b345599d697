/**
 * `npx node scripts/hero-animation.ts`: writes the home page hero's animation (issue 16),
 * apps/web/src/assets/hero.glya, and its poster, hero-poster.webp (the first frame, which the hero
 * starts playing from: the pre-rendered page shows it before any script runs) — a 25×25 Phone (3) loop made procedurally: a comet circling the
 * rim with a fading tail, ripples from the centre and a slow sparkle. Deterministic: rerunning it
 * gives the same bytes. Not flashing (smooth changes only).
 */
import fs from 'node:fs';
import path from 'node:path';
import { animationBoundsProblem, encodeAnimation, ledCells, type GlyphFrame } from '@glyphary/shared';
import { renderPoster } from '../apps/server/src/modules/animations/animation-render.ts';

const FRAMES = 64;
const FRAME_MS = 75;
const out = path.resolve(import.meta.dirname, '../apps/web/src/assets/hero.glya');
const posterOut = path.resolve(import.meta.dirname, '../apps/web/src/assets/hero-poster.webp');

const cells = ledCells(25);
const frames: GlyphFrame[] = [];
for (let f = 0; f < FRAMES; f++) {
  const phase = f / FRAMES;
  const leds = new Uint8Array(cells.length);
  cells.forEach((cell, i) => {
    const dx = (cell % 25) - 12;
    const dy = Math.floor(cell / 25) - 12;
    const r = Math.hypot(dx, dy);
    const angle = (Math.atan2(dy, dx) + Math.PI * 2.5) % (Math.PI * 2); // 0 at the top, clockwise
    // The comet: two laps per loop on the outer rim, its tail fading over a quarter turn.
    const behind = (((phase * 2) % 1) * Math.PI * 2 - angle + Math.PI * 4) % (Math.PI * 2);
    const comet = r > 10.2 ? Math.max(0, 1 - behind / (Math.PI / 2)) ** 2 : 0;
    // Ripples: rings leaving the centre, twice per loop, dimming as they grow.
    const ripple = Math.max(0, 1 - Math.abs(r - ((phase * 2) % 1) * 11) / 1.2) * (1 - r / 13);
    // A dim, slowly turning sparkle so the matrix never looks dead.
    const sparkle = (cell * 37 + f * 5) % 61 === 0 ? 0.35 : 0;
    leds[i] = Math.min(255, Math.round(255 * Math.max(comet, ripple, sparkle)));
  });
  frames.push({ durationMs: FRAME_MS, leds });
}
const animation = { size: 25 as const, frames };
const problem = animationBoundsProblem(animation);
if (problem) throw new Error(`hero animation out of bounds: ${problem}`);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, encodeAnimation(animation));
fs.writeFileSync(posterOut, await renderPoster(animation, 0));
console.log(`wrote ${path.relative(process.cwd(), out)} (${FRAMES} frames, ${(FRAMES * FRAME_MS) / 1000} s) and ${path.relative(process.cwd(), posterOut)}`);
