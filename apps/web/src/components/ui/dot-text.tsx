import { cn } from '../../lib/cn.ts';
import { DotMatrix, type DotMatrixProps } from './dot-matrix.tsx';

// The font lives apart from DotMatrix: the rings and glyph placeholders of cards and
// empty states are on many pages, initials and the 404 digits on few.
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

/** The first character of `text` (A–Z, 0–9) on a dot matrix; other characters show the ring. */
export function DotText({ text, ...props }: Omit<DotMatrixProps, 'lit'> & { text: string }) {
  const rows = FONT[text.trim().charAt(0).toUpperCase()];
  if (!rows) return <DotMatrix {...props} />;
  const lit = new Set<string>();
  rows.split(' ').forEach((row, y) => {
    [...row].forEach((bit, x) => {
      if (bit === '1') lit.add(`${x + 4},${y + 3}`);
    });
  });
  return <DotMatrix {...props} lit={lit} />;
}

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
  return <DotText size={size} text={name} className={cn('border border-line', className)} />;
}
