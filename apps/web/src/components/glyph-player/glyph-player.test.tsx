import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeAnimation, gridToLeds, type GlyphAnimation } from '@glyphary/shared';
import { GlyphPlayer, PLAYER_TEXT } from './glyph-player.tsx';

const fixtures = path.resolve(import.meta.dirname, '../../../../../fixtures/glyph-matrix');

function fixtureBytes(name: string): Uint8Array {
  const json = JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as { matrix_size: { width: 25 | 13 }; frames: Array<{ duration_ms: number; data: number[] }> };
  const size = json.matrix_size.width;
  const animation: GlyphAnimation = { size, frames: json.frames.map((frame) => ({ durationMs: frame.duration_ms, leds: gridToLeds(size, frame.data) })) };
  return encodeAnimation(animation);
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

let urlCounter = 0;
/** A unique URL per test: the decoded-animation cache is per URL and lives for the whole module. */
function serve(name: string): string {
  const bytes = fixtureBytes(name);
  vi.stubGlobal('fetch', vi.fn(async () => new Response(bytes.slice().buffer)));
  urlCounter += 1;
  return `/api/files/animations/test-${urlCounter}.glya`;
}

beforeEach(() => {
  // jsdom draws nothing (and says so on the console): the painter skips drawing without a context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  stubReducedMotion(false);
});

describe('GlyphPlayer (full)', () => {
  it('is a labelled group whose slider covers every frame once the animation loads', async () => {
    const { container } = render(<GlyphPlayer src={serve('pulse_13.json')} title="Pulse" />);
    const group = screen.getByRole('group', { name: 'Animation of Pulse' });
    expect(group.getAttribute('tabindex')).toBe('0');
    const slider = screen.getByRole('slider', { name: PLAYER_TEXT.position });
    await waitFor(() => expect((slider as HTMLInputElement).disabled).toBe(false));
    expect(slider.getAttribute('max')).toBe('7');
    // No size was given: the canvases and the LED mask follow the animation's 13×13 once loaded.
    expect([...container.querySelectorAll('canvas')].map((canvas) => canvas.width)).toEqual([13, 13]);
    const mask = container.querySelector<HTMLElement>('[data-playing] [style*="mask-image"]')!.style;
    expect(mask.maskImage).toContain('radial-gradient');
    expect(mask.maskSize).toBe('7.6923% 7.6923%');
    expect(slider.getAttribute('aria-valuetext')).toMatch(/^Frame \d of 8, \d\.\d s of 1\.0 s$/);
    expect(screen.getByRole('button', { name: PLAYER_TEXT.loop }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('combobox', { name: PLAYER_TEXT.speed }) as HTMLInputElement).value).toBe('1');
  });

  it('plays by itself, and space and the arrows pause and step through the frames', async () => {
    const user = userEvent.setup();
    render(<GlyphPlayer src={serve('pulse_25.json')} title="Pulse" />);
    await screen.findByRole('button', { name: PLAYER_TEXT.pause });
    screen.getByRole('group').focus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: PLAYER_TEXT.play })).toBeTruthy();
    await user.keyboard('{Home}');
    const slider = screen.getByRole('slider');
    expect((slider as HTMLInputElement).value).toBe('0');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect((slider as HTMLInputElement).value).toBe('2');
    expect(slider.getAttribute('aria-valuetext')).toBe('Frame 3 of 12, 0.2 s of 1.4 s');
    await user.keyboard('{End}{ArrowRight}');
    expect((slider as HTMLInputElement).value).toBe('11');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: PLAYER_TEXT.pause })).toBeTruthy();
  });

  it('under reduced motion shows a still frame with a play button', async () => {
    const user = userEvent.setup();
    stubReducedMotion(true);
    render(<GlyphPlayer src={serve('pulse_25.json')} title="Pulse" />);
    const play = await screen.findByRole('button', { name: 'Play animation of Pulse' });
    const slider = screen.getByRole('slider');
    await waitFor(() => expect((slider as HTMLInputElement).disabled).toBe(false));
    // The still frame is the brightest one, not the dark first frame.
    expect((slider as HTMLInputElement).value).not.toBe('0');
    expect(screen.getByRole('button', { name: PLAYER_TEXT.play })).toBeTruthy();
    await user.click(play);
    expect(screen.queryByRole('button', { name: 'Play animation of Pulse' })).toBeNull();
    expect(screen.getByRole('button', { name: PLAYER_TEXT.pause })).toBeTruthy();
  });

  it('starts a flashing animation paused behind the warning until the viewer chooses to play', async () => {
    const user = userEvent.setup();
    render(<GlyphPlayer src={serve('strobe_25.json')} title="Strobe" flashing />);
    expect(screen.getByText(PLAYER_TEXT.flashingTitle)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('slider') as HTMLInputElement).disabled).toBe(false));
    expect(screen.getByRole('button', { name: PLAYER_TEXT.play })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: PLAYER_TEXT.playAnyway }));
    expect(screen.queryByText(PLAYER_TEXT.flashingTitle)).toBeNull();
    expect(screen.getByRole('button', { name: PLAYER_TEXT.pause })).toBeTruthy();
  });
});

describe('GlyphPlayer (compact)', () => {
  it('shows the poster and loads nothing until the card is visible', async () => {
    const observers: Array<(entries: Array<{ target: Element; isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ target: Element; isIntersecting: boolean }>) => void) {
          observers.push(callback);
        }
        observe() {}
        unobserve() {}
      },
    );
    const src = serve('pulse_13.json');
    const { container } = render(<GlyphPlayer src={src} title="Pulse" variant="compact" posterUrl="/poster.webp" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/poster.webp');
    expect(screen.queryByRole('slider')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    const stage = container.querySelector('[data-playing]')!;
    act(() => observers.at(-1)!([{ target: stage, isIntersecting: true }]));
    await waitFor(() => expect(stage.getAttribute('data-playing')).toBe('true'));
    expect(fetch).toHaveBeenCalledWith(src);
    act(() => observers.at(-1)!([{ target: stage, isIntersecting: false }]));
    expect(stage.getAttribute('data-playing')).toBe('false');
  });

  it('a flashing card shows the warning and a play button instead of playing', async () => {
    render(<GlyphPlayer src={serve('strobe_25.json')} title="Strobe" variant="compact" flashing />);
    expect(screen.getByText(PLAYER_TEXT.flashingTitle)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play animation of Strobe' })).toBeTruthy();
  });
});
