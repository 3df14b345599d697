import fs from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeAnimation, gridToLeds } from '@glyphary/shared';
import { GlyphPlayer } from '../../../components/glyph-player/glyph-player.tsx';
import { MatrixSwitch, usePreviewMatrix } from './matrix-switch.tsx';

const fixture = path.resolve(import.meta.dirname, '../../../../../../fixtures/glyph-matrix/pulse_25.json');

function Preview({ src }: { src: string }) {
  const [matrix, setMatrix] = usePreviewMatrix();
  return (
    <>
      <GlyphPlayer src={src} title="Pulse" size={25} matrix={matrix} />
      <MatrixSwitch value={matrix} onChange={setMatrix} />
    </>
  );
}

let counter = 0;
function serve(): string {
  const json = JSON.parse(fs.readFileSync(fixture, 'utf8')) as { frames: Array<{ duration_ms: number; data: number[] }> };
  const bytes = encodeAnimation({ size: 25, frames: json.frames.map((f) => ({ durationMs: f.duration_ms, leds: gridToLeds(25, f.data) })) });
  vi.stubGlobal('fetch', vi.fn(async () => new Response(bytes.slice().buffer)));
  counter += 1;
  return `/api/files/animations/switch-${counter}.glya`;
}

const canvasWidths = (container: HTMLElement) => [...container.querySelectorAll('canvas')].map((canvas) => canvas.width);
const maskSize = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-playing] [style*="mask-image"]')!.style.maskSize;

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the Phone (3) / Phone (4a) Pro switch', () => {
  it('is a labelled radio group that shows a 25×25 toy on the 13×13 round matrix, by keyboard, and remembers it', async () => {
    const user = userEvent.setup();
    const { container, unmount } = render(<Preview src={serve()} />);
    const group = screen.getByRole('group', { name: 'Preview on' });
    const phone3 = screen.getByRole('radio', { name: /Phone \(3\)/ });
    const phone4a = screen.getByRole('radio', { name: /Phone \(4a\) Pro/ });
    expect(group.contains(phone3)).toBe(true);
    expect((phone3 as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(canvasWidths(container)).toEqual([25, 25]));
    expect(maskSize(container)).toBe('4% 4%');

    // One tab stop; the arrow key moves the choice (native radios).
    phone3.focus();
    await user.keyboard('{ArrowRight}');
    expect((phone4a as HTMLInputElement).checked).toBe(true);
    expect((phone3 as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(canvasWidths(container)).toEqual([13, 13]));
    expect(maskSize(container)).toBe('7.6923% 7.6923%');
    expect(localStorage.getItem('glyphary.previewMatrix')).toBe('13');
    unmount();

    // The next toy page opens on the phone chosen last.
    const again = render(<Preview src={serve()} />);
    await waitFor(() => expect((screen.getByRole('radio', { name: /Phone \(4a\) Pro/ }) as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(canvasWidths(again.container)).toEqual([13, 13]));
  });
});
