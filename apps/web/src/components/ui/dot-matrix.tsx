import { memo } from 'react';
import { cn } from '../../lib/cn.ts';

/** A 5×7 dot font for initials (A–Z, 0–9): 7 rows of 5 bits each. */
const FONT: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01111',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11111 00010 00100 00010 00001 10001 01110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
};

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

function litDots(text: string | undefined, pattern: DotMatrixPattern, seed: string): Set<string> {
  const lit = new Set<string>();
  const char = text?.trim().charAt(0).toUpperCase();
  const rows = char ? FONT[char] : undefined;
  if (rows) {
    rows.split(' ').forEach((row, y) => {
      [...row].forEach((bit, x) => {
        if (bit === '1') lit.add(`${x + 4},${y + 3}`);
      });
    });
    return lit;
  }
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
  /** Draws the first character (an avatar initial). */
  text?: string;
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
export const DotMatrix = memo(function DotMatrix({ size, text, pattern = 'ring', seed = '', label, className }: DotMatrixProps) {
  const lit = litDots(text, pattern, seed);
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

/** A round avatar: the picture when there is one, otherwise the initial on a dot matrix. */
export function Avatar({ src, name, size = 40, className }: { src?: string | null; name: string; size?: number; className?: string }) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className={cn('shrink-0 rounded-full bg-raised object-cover', className)}
        style={{ width: size, height: size }}
      />
    );
  }
  return <DotMatrix size={size} text={name} className={cn('border border-line', className)} />;
}
