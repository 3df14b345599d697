/** A small seeded PRNG (mulberry32) so every seed run produces the same rows (issue 9). */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A standard normal sample (Box–Muller). */
  gauss(): number;
  /** A version-4-shaped UUID built from the stream. */
  uuid(): string;
  /** A Better Auth–shaped id: 32 characters of [A-Za-z0-9]. */
  id32(): string;
  /** 32 lowercase hex characters. */
  hex32(): string;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Creates a deterministic generator from a 32-bit seed. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i += 1) out += ((next() * 16) | 0).toString(16);
    return out;
  };
  return {
    next,
    int,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T,
    chance: (p) => next() < p,
    gauss() {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    uuid() {
      const h = hex(32);
      const variant = ((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
    id32() {
      let out = '';
      for (let i = 0; i < 32; i += 1) out += ALNUM[Math.floor(next() * ALNUM.length)];
      return out;
    },
    hex32: () => hex(32),
  };
}

/** Log-normal popularity weights: a few glyphs get most of the traffic, as on any catalogue. */
export function skewedWeights(rng: Rng, n: number, spread = 1.4): number[] {
  return Array.from({ length: n }, () => Math.exp(spread * rng.gauss()));
}

/**
 * Splits `total` into integers proportional to `weights` (largest remainder), each at most `cap`,
 * summing to exactly `total` whenever the caps allow it.
 */
export function distribute(rng: Rng, weights: readonly number[], total: number, cap: number): number[] {
  const n = weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.min(cap, Math.floor((w / sum) * total)));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  let index = rng.int(0, n - 1);
  let guard = 0;
  while (missing > 0 && guard < n * (cap + 1)) {
    if ((counts[index] as number) < cap) {
      counts[index] = (counts[index] as number) + 1;
      missing -= 1;
    }
    index = (index + 1) % n;
    guard += 1;
  }
  return counts;
}

/**
 * `k` distinct indices in [0, pool): a start and a stride coprime with `pool` walk the ring, so no
 * (glyph, actor) pair repeats (DESIGN §4.1: one event per actor per glyph).
 */
export function distinctIndices(rng: Rng, pool: number, k: number): number[] {
  const strides = [7919, 104_729, 1_299_709, 15_485_863];
  const stride = strides.find((s) => pool % s !== 0 && gcd(pool, s) === 1) ?? 1;
  const start = rng.int(0, pool - 1);
  const out = new Array<number>(Math.min(k, pool));
  for (let j = 0; j < out.length; j += 1) out[j] = (start + j * stride) % pool;
  return out;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
