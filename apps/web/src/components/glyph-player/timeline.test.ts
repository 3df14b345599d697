import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { encodeAnimation, gridToLeds, ledCount, type GlyphAnimation } from '@glyphary/shared';
import { loadAnimation } from './load-animation.ts';
import { advance, createTimeline, formatSeconds, frameAt, posterFrame } from './timeline.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../../fixtures/glyph-matrix');

/** A kit JSON fixture as the model the player decodes. */
function fixture(name: string): GlyphAnimation {
  const json = JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as { matrix_size: { width: 25 | 13 }; frames: Array<{ duration_ms: number; data: number[] }> };
  const size = json.matrix_size.width;
  return { size, frames: json.frames.map((frame) => ({ durationMs: frame.duration_ms, leds: gridToLeds(size, frame.data) })) };
}

function bytesFetcher(bytes: Uint8Array) {
  return vi.fn(async () => new Response(bytes.slice().buffer, { status: 200 }));
}

describe('timeline', () => {
  const timeline = createTimeline([100, 50, 200]);

  it('starts each frame where the previous one ends', () => {
    expect(timeline).toEqual({ starts: [0, 100, 150], total: 350 });
  });

  it('finds the frame showing at a position, at and between the boundaries', () => {
    expect([0, 99, 100, 149, 150, 349].map((t) => frameAt(timeline, t))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(frameAt(timeline, -5)).toBe(0);
    expect(frameAt(timeline, 10_000)).toBe(2);
  });

  it('moves on at the chosen speed and wraps around when looping', () => {
    expect(advance(timeline, 0, 40, 1, true)).toEqual({ position: 40, ended: false });
    expect(advance(timeline, 0, 40, 2.5, true)).toEqual({ position: 100, ended: false });
    expect(advance(timeline, 300, 100, 1, true)).toEqual({ position: 50, ended: false });
    expect(advance(timeline, 300, -20, 1, true)).toEqual({ position: 300, ended: false });
  });

  it('stops on the last frame at the end of a single pass', () => {
    expect(advance(timeline, 300, 100, 1, false)).toEqual({ position: 150, ended: true });
    expect(frameAt(timeline, advance(timeline, 300, 100, 1, false).position)).toBe(2);
  });

  it('formats seconds with one decimal', () => {
    expect(formatSeconds(0)).toBe('0.0 s');
    expect(formatSeconds(1450)).toBe('1.5 s');
    expect(formatSeconds(60_000)).toBe('60.0 s');
  });
});

describe('posterFrame', () => {
  it('picks the frame with the most light, not the dark first frame of a growing ring', () => {
    const pulse = fixture('pulse_25.json');
    const index = posterFrame(pulse);
    const light = (i: number) => pulse.frames[i]!.leds.reduce((sum, v) => sum + v, 0);
    expect(light(0)).toBeLessThan(light(index));
    for (let i = 0; i < pulse.frames.length; i++) expect(light(i)).toBeLessThanOrEqual(light(index));
  });

  it('keeps the first of equally bright frames', () => {
    const leds = new Uint8Array(ledCount(13)).fill(9);
    expect(posterFrame({ size: 13, frames: [{ durationMs: 50, leds }, { durationMs: 50, leds }] })).toBe(0);
  });
});

describe('loadAnimation', () => {
  it('decodes the wire format into the frames of the kit file', async () => {
    const pulse = fixture('pulse_13.json');
    const loaded = await loadAnimation('/test/pulse-13.glya', bytesFetcher(encodeAnimation(pulse)));
    expect(loaded.size).toBe(13);
    expect(loaded.frames.map((f) => f.durationMs)).toEqual(pulse.frames.map((f) => f.durationMs));
    expect(loaded.frames.map((f) => Array.from(f.leds))).toEqual(pulse.frames.map((f) => Array.from(f.leds)));
  });

  it('shares one request and one decoded copy between players of the same URL', async () => {
    const fetcher = bytesFetcher(encodeAnimation(fixture('pulse_25.json')));
    const [a, b] = await Promise.all([loadAnimation('/test/shared.glya', fetcher), loadAnimation('/test/shared.glya', fetcher)]);
    expect(a).toBe(b);
    expect(await loadAnimation('/test/shared.glya', fetcher)).toBe(a);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('refuses malformed bytes and forgets the failure so a later player retries', async () => {
    const bad = bytesFetcher(new TextEncoder().encode('GLYB not an animation'));
    await expect(loadAnimation('/test/bad.glya', bad)).rejects.toThrow(RangeError);
    const good = bytesFetcher(encodeAnimation(fixture('pulse_13.json')));
    await expect(loadAnimation('/test/bad.glya', good)).resolves.toMatchObject({ size: 13 });
    expect(good).toHaveBeenCalledTimes(1);
  });

  it('fails on an error response', async () => {
    const missing = vi.fn(async () => new Response('{"error":"File not found"}', { status: 404 }));
    await expect(loadAnimation('/test/missing.glya', missing)).rejects.toThrow('HTTP 404');
  });
});
