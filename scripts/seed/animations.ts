import { gridToLeds, type GlyphAnimation } from '@glyphary/shared';
import type { Rng } from './prng.ts';

/**
 * Procedural Glyph Matrix animations for the demo catalogue (issue 16): clocks, battery rings, rain,
 * equalisers, games, faces… Each kind takes its parameters from the seed's random stream, so every
 * glyph gets a distinct animation and the same --seed gives the same ones.
 */

const N = 25;
const C = (N - 1) / 2;

type Canvas = { grid: Float32Array; plot: (x: number, y: number, v: number) => void; line: (x0: number, y0: number, x1: number, y1: number, v: number) => void; disc: (cx: number, cy: number, r: number, v: number) => void };

function canvas(): Canvas {
  const grid = new Float32Array(N * N);
  const plot = (x: number, y: number, v: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= N || yi >= N) return;
    grid[yi * N + xi] = Math.max(grid[yi * N + xi]!, Math.min(1, v));
  };
  return {
    grid,
    plot,
    line(x0, y0, x1, y1, v) {
      const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2));
      for (let i = 0; i <= steps; i++) plot(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, v);
    },
    disc(cx, cy, r, v) {
      for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) if (Math.hypot(x - cx, y - cy) <= r) plot(x, y, v);
    },
  };
}

function animation(frameCount: number, durationMs: number | ((f: number) => number), draw: (c: Canvas, f: number) => void): GlyphAnimation {
  const frames = [];
  for (let f = 0; f < frameCount; f++) {
    const c = canvas();
    draw(c, f);
    frames.push({
      durationMs: typeof durationMs === 'number' ? durationMs : durationMs(f),
      leds: gridToLeds(25, Array.from(c.grid, (v) => Math.round(v * 255))),
    });
  }
  return { size: 25, frames };
}

const radius = (x: number, y: number) => Math.hypot(x - C, y - C);

export const ANIMATION_KINDS = ['clock', 'battery', 'rain', 'equaliser', 'snake', 'face', 'ripple', 'spinner', 'heartbeat', 'fireworks', 'pong', 'strobe'] as const;
export type AnimationKind = (typeof ANIMATION_KINDS)[number];

export function makeAnimation(kind: AnimationKind, rng: Rng): GlyphAnimation {
  switch (kind) {
    case 'clock': {
      const hour = rng.next() * Math.PI * 2;
      const frames = 60;
      return animation(frames, rng.int(60, 120), (c, f) => {
        for (let h = 0; h < 12; h++) c.plot(C + 11 * Math.sin((h / 12) * Math.PI * 2), C - 11 * Math.cos((h / 12) * Math.PI * 2), h % 3 === 0 ? 0.9 : 0.35);
        const minute = hour * 12 + (f / frames) * Math.PI * 2;
        const second = (f / frames) * Math.PI * 2 * 4;
        c.line(C, C, C + 5 * Math.sin(hour), C - 5 * Math.cos(hour), 1);
        c.line(C, C, C + 8 * Math.sin(minute), C - 8 * Math.cos(minute), 0.8);
        c.line(C, C, C + 10 * Math.sin(second), C - 10 * Math.cos(second), 0.4);
      });
    }
    case 'battery': {
      const target = rng.int(55, 100) / 100;
      const frames = 40;
      return animation(frames, (f) => (f === frames - 1 ? 1500 : 60), (c, f) => {
        const level = Math.min(target, (f / (frames - 8)) * target);
        for (let y = 0; y < N; y++)
          for (let x = 0; x < N; x++) {
            const r = radius(x, y);
            if (r < 9.5 || r > 12.5) continue;
            const angle = (Math.atan2(x - C, C - y) + Math.PI * 2) % (Math.PI * 2);
            c.plot(x, y, angle / (Math.PI * 2) <= level ? 1 : 0.12);
          }
        const digits = Math.round(level * 100);
        // A bar in the middle grows with the charge.
        for (let x = 7; x < 7 + Math.round((digits / 100) * 11); x++) for (let y = 10; y <= 14; y++) c.plot(x, y, 0.85);
      });
    }
    case 'rain': {
      const drops = Array.from({ length: rng.int(8, 14) }, () => ({ x: rng.int(2, 22), y: rng.next() * N, speed: 0.6 + rng.next() * 0.9 }));
      return animation(48, rng.int(60, 90), (c, f) => {
        for (const drop of drops) {
          const y = (drop.y + f * drop.speed) % (N + 4);
          for (let t = 0; t < 4; t++) c.plot(drop.x, y - t, 1 - t * 0.28);
        }
      });
    }
    case 'equaliser': {
      const bars = rng.int(6, 9);
      const phases = Array.from({ length: bars }, () => [rng.next() * 6.28, 0.2 + rng.next() * 0.5, rng.next() * 6.28]);
      const width = Math.floor(20 / bars);
      return animation(48, 80, (c, f) => {
        phases.forEach(([p, s, q], i) => {
          const h = 3 + Math.round(9 * (0.5 + 0.3 * Math.sin(p! + f * s!) + 0.2 * Math.sin(q! + f * s! * 2.7)));
          const x0 = Math.round(C - (bars * width) / 2 + i * width);
          for (let x = x0; x < x0 + width - 1; x++) for (let y = 0; y < h; y++) c.plot(x, 19 - y, y === h - 1 ? 1 : 0.55);
        });
      });
    }
    case 'snake': {
      // The snake runs a square spiral path; the food sits further along it.
      const path: Array<[number, number]> = [];
      for (let ring = 0; ring < 3; ring++) {
        const lo = 5 + ring * 3;
        const hi = 19 - ring * 3;
        for (let x = lo; x < hi; x++) path.push([x, lo]);
        for (let y = lo; y < hi; y++) path.push([hi, y]);
        for (let x = hi; x > lo; x--) path.push([x, hi]);
        for (let y = hi; y > lo; y--) path.push([lo, y]);
      }
      const length = rng.int(4, 7);
      const start = rng.int(0, path.length - 1);
      return animation(64, rng.int(80, 130), (c, f) => {
        for (let i = 0; i < length + Math.floor(f / 16); i++) {
          const [x, y] = path[(start + f - i + path.length * 4) % path.length]!;
          c.plot(x, y, i === 0 ? 1 : 0.6);
        }
        const [fx, fy] = path[(start + 16 * (Math.floor(f / 16) + 1)) % path.length]!;
        if (f % 4 < 3) c.plot(fx, fy, 0.9);
      });
    }
    case 'face': {
      const blinkAt = rng.int(8, 24);
      const smile = rng.next() < 0.7;
      return animation(32, 100, (c, f) => {
        const look = Math.round(2 * Math.sin((f / 32) * Math.PI * 2));
        const blink = f === blinkAt || f === blinkAt + 1;
        for (const ex of [C - 5, C + 5]) {
          if (blink) c.line(ex - 2, C - 3, ex + 2, C - 3, 0.9);
          else {
            c.disc(ex, C - 3, 2.5, 0.35);
            c.disc(ex + look * 0.6, C - 3, 1, 1);
          }
        }
        for (let x = -5; x <= 5; x++) c.plot(C + x, C + 5 + (smile ? -1 : 1) * Math.round((25 - x * x) / 12), 0.9);
      });
    }
    case 'ripple': {
      const period = rng.int(4, 7);
      const cx = C + rng.int(-4, 4);
      const cy = C + rng.int(-4, 4);
      return animation(period * 6, 70, (c, f) => {
        for (let y = 0; y < N; y++)
          for (let x = 0; x < N; x++) {
            const d = Math.hypot(x - cx, y - cy) - f / 3;
            const wave = (((d % period) + period) % period) / period;
            c.plot(x, y, Math.max(0, 1 - Math.abs(wave - 0.5) * 4) * Math.max(0.2, 1 - Math.hypot(x - cx, y - cy) / 18));
          }
      });
    }
    case 'spinner': {
      const tail = rng.int(6, 14);
      const steps = 36;
      return animation(steps, rng.int(30, 60), (c, f) => {
        for (let i = 0; i < tail; i++) {
          const a = ((f - i) / steps) * Math.PI * 2;
          for (let r = 7; r <= 11; r++) c.plot(C + r * Math.sin(a), C - r * Math.cos(a), 1 - i / tail);
        }
      });
    }
    case 'heartbeat': {
      const bpm = rng.int(60, 100);
      const frames = 20;
      const frameMs = Math.round(60_000 / bpm / frames);
      return animation(frames, Math.max(20, frameMs), (c, f) => {
        const beat = f < 3 ? 1 + f * 0.08 : f < 6 ? 1.24 - (f - 3) * 0.08 : 1;
        for (let y = 0; y < N; y++)
          for (let x = 0; x < N; x++) {
            const u = (x - C) / (8 * beat);
            const v = (C - y + 2) / (8 * beat);
            const h = (u * u + v * v - 1) ** 3 - u * u * v * v * v;
            if (h <= 0) c.plot(x, y, 0.55 + 0.45 * (beat - 1) * 4);
          }
      });
    }
    case 'fireworks': {
      const bursts = Array.from({ length: 3 }, (_, i) => ({ x: rng.int(7, 17), y: rng.int(7, 15), at: i * 14 + rng.int(0, 4), sparks: rng.int(10, 16) }));
      return animation(48, 70, (c, f) => {
        for (const b of bursts) {
          const t = f - b.at;
          if (t < 0) continue;
          if (t < 4) {
            c.plot(b.x, 24 - ((24 - b.y) * t) / 4, 0.8);
            continue;
          }
          const age = t - 4;
          if (age > 10) continue;
          for (let s = 0; s < b.sparks; s++) {
            const a = (s / b.sparks) * Math.PI * 2;
            c.plot(b.x + Math.cos(a) * age * 0.8, b.y + Math.sin(a) * age * 0.8 + age * age * 0.03, 1 - age / 11);
          }
        }
      });
    }
    case 'pong': {
      let bx = C;
      let by = C;
      let vx = rng.next() < 0.5 ? 1 : -1;
      let vy = rng.next() < 0.5 ? 0.7 : -0.7;
      const states: Array<[number, number]> = [];
      for (let f = 0; f < 56; f++) {
        states.push([bx, by]);
        bx += vx;
        by += vy;
        if (bx <= 5 || bx >= 19) vx = -vx;
        if (by <= 4 || by >= 20) vy = -vy;
      }
      return animation(56, 70, (c, f) => {
        const [x, y] = states[f]!;
        c.disc(x, y, 0.8, 1);
        for (const px of [4, 20]) for (let d = -2; d <= 2; d++) c.plot(px, Math.max(6, Math.min(18, y)) + d, 0.7);
        for (let yy = 3; yy < 22; yy += 2) c.plot(C, yy, 0.15);
      });
    }
    case 'strobe': {
      // A fast full-matrix strobe (about 10 Hz for a second) then a dark pause: the warning must show.
      const hz = rng.int(9, 12);
      const half = Math.round(500 / hz);
      const flashes = hz * 2;
      return animation(flashes + 1, (f) => (f === flashes ? 1200 : half), (c, f) => {
        if (f < flashes && f % 2 === 0) for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) c.plot(x, y, 1);
      });
    }
  }
}
