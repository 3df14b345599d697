import { memo } from 'react';
import { cn } from '../../lib/cn.ts';

const GRID = 13;
const CENTER = (GRID - 1) / 2;

export type DotMatrixPattern = 'ring' | 'glyph' | 'blank';

function hashSeed(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i += 1) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function litDots(pattern: DotMatrixPattern, seed: string): Set<string> {
  const lit = new Set<string>();
  if (pattern === 'ring') {
    for (let y = 0; y < GRID; y += 1)
      for (let x = 0; x < GRID; x += 1) {
        const d = Math.hypot(x - CENTER, y - CENTER);
        if (d > 3.6 && d < 4.6) lit.add(`${x},${y}`);
      }
  } else if (pattern === 'glyph') {
    // A deterministic, symmetric pattern per seed: a stand-in for a glyph preview.
    let state = hashSeed(seed) || 1;
    for (let y = 0; y < GRID; y += 1)
      for (let x = 0; x <= CENTER; x += 1) {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        if (state % 100 < 34) {
          lit.add(`${x},${y}`);
          lit.add(`${GRID - 1 - x},${y}`);
        }
      }
  }
  return lit;
}

export interface DotMatrixProps {
  /** Diameter in CSS pixels; omit to fill the parent's width. */
  size?: number;
  /** The lit dots ('x,y'), instead of the pattern's (DotText draws characters with it). */
  lit?: Set<string>;
  pattern?: DotMatrixPattern;
  /** Seed for the 'glyph' pattern (e.g. a glyph id). */
  seed?: string;
  /** Accessible name; without it the matrix is decorative. */
  label?: string;
  className?: string;
}

/**
 * A round 13×13 dot matrix, like the Glyph Matrix on the phone's back: used for avatar initials and
 * image placeholders.
 */
export const DotMatrix = memo(function DotMatrix({ size, lit: given, pattern = 'ring', seed = '', label, className }: DotMatrixProps) {
  const lit = given ?? litDots(pattern, seed);
  const dots: Array<{ x: number; y: number; on: boolean }> = [];
  for (let y = 0; y < GRID; y += 1)
    for (let x = 0; x < GRID; x += 1) {
      if (Math.hypot(x - CENTER, y - CENTER) <= CENTER + 0.5) dots.push({ x, y, on: lit.has(`${x},${y}`) });
    }
  return (
    <svg
      viewBox={`0 0 ${GRID * 10} ${GRID * 10}`}
      width={size}
      height={size}
      className={cn('shrink-0 rounded-full bg-black', size === undefined && 'h-auto w-full', className)}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
    >
      {dots.map((dot) => (
        <circle key={`${dot.x},${dot.y}`} cx={dot.x * 10 + 5} cy={dot.y * 10 + 5} r={3.4} className={dot.on ? 'fill-white' : 'fill-dot-off'} />
      ))}
    </svg>
  );
});
