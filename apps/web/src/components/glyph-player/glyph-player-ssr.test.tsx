import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GlyphPlayer } from './glyph-player.tsx';

// Pre-rendered pages (decision 0014) hydrate this markup: it must not depend on the browser.
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
});
