import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GlyphPlayer } from './glyph-player.tsx';

// Pre-rendered pages hydrate this markup: it must not depend on the browser.
describe('GlyphPlayer on the server', () => {
  it('renders the poster (fetched first on the glyph page), an empty canvas and disabled controls', () => {
    const html = renderToString(<GlyphPlayer src="/api/files/animations/a.glya" posterUrl="/api/files/animations/a.webp" title="Pulse" priority />);
    expect(html).toContain('src="/api/files/animations/a.webp"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toMatch(/<canvas[^>]*aria-hidden="true"/);
    expect(html).toContain('aria-label="Animation of Pulse"');
    expect(html).toMatch(/<input type="range"[^>]*disabled=""/);
    expect(html).toContain('data-playing="false"');
  });

  it('a flagged animation carries its warning in the first paint, on cards too', () => {
    const html = renderToString(<GlyphPlayer src="/a.glya" posterUrl="/a.webp" title="Strobe" flashing variant="compact" />);
    expect(html).toContain('Flashing lights');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('type="range"');
  });

  it('a known matrix size puts the unlit round matrix in the first paint, and the poster exactly over its cells', () => {
    // Without a poster, the stage's background is the 13×13 matrix picture (no black disc before the script).
    expect(renderToString(<GlyphPlayer src="/a.glya" size={13} title="Pulse" variant="compact" />)).toMatch(/background-image:url\([^)]*matrix-13\.svg/);
    // With one, the poster shows it (and stays the largest paint); the LED mask is one dot per cell of 13×13.
    const html = renderToString(<GlyphPlayer src="/a.glya" posterUrl="/a.webp" size={13} title="Pulse" variant="compact" />);
    expect(html).not.toContain('background-image');
    expect(html).toMatch(/mask-image:radial-gradient\([^;]*;mask-size:7\.6923% 7\.6923%;mask-repeat:repeat/);
    // The poster's 13 cells sit inside the disc's half-cell margin (50/14 % in from each side).
    expect(html).toMatch(/<img[^>]*width="480" height="480"[^>]*style="left:3\.571%;top:3\.571%;width:92\.857%;height:92\.857%"/);
    // The unlit matrix and the LEDs share the poster's box; a card has no glow canvas.
    expect(html).toMatch(/style="left:3\.571%;top:3\.571%;width:92\.857%;height:92\.857%;mask-image:radial-gradient\(/);
    expect(html.match(/<canvas/g)).toHaveLength(1);
  });

  it('the large players draw a glow behind the LEDs; without a size the matrix waits for the animation', () => {
    const html = renderToString(<GlyphPlayer src="/a.glya" posterUrl="/hero.webp" title="Glyphary" variant="hero" />);
    expect(html.match(/<canvas/g)).toHaveLength(2);
    expect(html).not.toContain('background-image');
    expect(html).toContain('src="/hero.webp"');
  });
});
