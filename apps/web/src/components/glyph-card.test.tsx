import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '../lib/router.tsx';
import { describe, expect, it } from 'vitest';
import { CARD_STAGGER_MAX_ITEMS } from '@glyphary/shared';
import { makeGlyph } from '../test/glyph-fixture.ts';
import { GlyphCard, GlyphGrid, cardStaggerDelay } from './glyph-card.tsx';

const renderCard = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('GlyphCard', () => {
  it('loads the first cards’ pictures at once with high priority when the grid asks (the page’s largest paint), the rest lazily', () => {
    const glyphs = ['a', 'b', 'c'].map((n, i) =>
      makeGlyph({ id: `1111111${i}-1111-4111-8111-111111111111`, title: n, thumbnails: [`/api/files/images/${n}-thumb.webp`], images: [`/api/files/images/${n}.webp`] }),
    );
    const html = renderToString(
      <MemoryRouter>
        <GlyphGrid glyphs={glyphs} priorityCount={2} />
      </MemoryRouter>,
    );
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(imgs).toHaveLength(3);
    expect(imgs.slice(0, 2).every((tag) => /fetchPriority="high"/i.test(tag) && !/loading="lazy"/.test(tag))).toBe(true);
    expect(imgs[2]).toMatch(/loading="lazy"/);
    expect(imgs[2]).not.toMatch(/fetchPriority/i);
  });

  it('links the title to the glyph and the creator to the storefront, with pluralised counts', () => {
    renderCard(<GlyphCard glyph={makeGlyph()} />);
    expect(screen.getByRole('link', { name: 'Pulse ring' })?.getAttribute('href')).toBe('/glyph/11111111-1111-4111-8111-111111111111');
    expect(screen.getByRole('link', { name: '@dot_maker' })?.getAttribute('href')).toBe('/storefront/dot_maker');
    expect(screen.getByText('1 download')).toBeTruthy();
    expect(screen.getByText('12 views')).toBeTruthy();
    expect(screen.getByText('0 likes')).toBeTruthy();
  });

  it('prefers the WebP thumbnail, then the first image, then the dot-matrix placeholder', () => {
    const { container, rerender } = renderCard(
      <GlyphCard glyph={makeGlyph({ images: ['/api/files/images/a.webp'], thumbnails: ['/api/files/images/a-thumb.webp'] })} />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/api/files/images/a-thumb.webp');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.hasAttribute('width')).toBe(true);
    expect(img?.hasAttribute('height')).toBe(true);
    rerender(
      <MemoryRouter>
        <GlyphCard glyph={makeGlyph({ images: ['https://example.com/x.png'], thumbnails: [null] })} />
      </MemoryRouter>,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://example.com/x.png');
    rerender(
      <MemoryRouter>
        <GlyphCard glyph={makeGlyph()} />
      </MemoryRouter>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg circle')).not.toBeNull();
  });

  it('an animated glyph shows its server poster (box reserved) on its matrix size, over the screenshots, before any script', () => {
    const animation = { width: 13, height: 13, frameCount: 8, durationMs: 1000, flashing: false, url: '/api/files/animations/a.glya', posterUrl: '/api/files/animations/a-poster.webp' };
    const html = renderToString(
      <MemoryRouter>
        <GlyphCard glyph={makeGlyph({ animation, thumbnails: ['/api/files/images/a-thumb.webp'] })} />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<img src="\/api\/files\/animations\/a-poster\.webp" alt="" width="480" height="480" loading="lazy"/);
    expect(html).not.toContain('a-thumb.webp');
    expect(html).toMatch(/mask-image:radial-gradient\([^;]*;mask-size:7\.6923% 7\.6923%/);
    expect(html).toContain('data-playing="false"');
  });

  it('loads images lazily; cards past the first screens render on demand', () => {
    const glyphs = Array.from({ length: 14 }, (_, i) =>
      makeGlyph({ id: `11111111-1111-4111-8111-1111111111${String(i).padStart(2, '0')}`, title: `G${i}`, thumbnails: [`/api/files/images/${i}-thumb.webp`], images: [`/api/files/images/${i}.webp`] }),
    );
    const { container } = renderCard(<GlyphGrid glyphs={glyphs} />);
    const images = [...container.querySelectorAll('img')];
    // Lazy even on the first screen: below a page's heading they would compete with its first paint.
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(Array(14).fill('lazy'));
    const items = [...container.querySelectorAll('li')];
    expect(items[11]?.className ?? '').not.toContain('content-visibility');
    expect(items[12]?.className).toContain('[content-visibility:auto]');
  });

  it('staggers entrances by 0.1 s per item, capped, restarting for each new batch', () => {
    expect(cardStaggerDelay(0)).toBe('0.0s');
    expect(cardStaggerDelay(3)).toBe('0.3s');
    expect(cardStaggerDelay(500)).toBe(`${(CARD_STAGGER_MAX_ITEMS * 0.1).toFixed(1)}s`);
    const glyphs = [0, 1, 2].map((i) => makeGlyph({ id: `11111111-1111-4111-8111-11111111111${i}`, title: `G${i}` }));
    const delaysOf = (root: HTMLElement) => [...root.querySelectorAll('article')].map((a) => parseFloat((a as HTMLElement).style.animationDelay));
    const first = renderCard(<GlyphGrid glyphs={glyphs} />);
    expect(delaysOf(first.container)).toEqual([0, 0.1, 0.2]);
    first.unmount();
    // After "Load more", the new batch (from index 2) starts at zero again.
    const { container } = renderCard(<GlyphGrid glyphs={glyphs} batchStart={2} />);
    expect(delaysOf(container)).toEqual([0, 0, 0]);
    expect(container.querySelectorAll('article')[2]?.className).toContain('motion-safe:animate-card-in');
  });
});

describe('GlyphCard dates (issue 18)', () => {
  it("shows 'Updated {date}' once the glyph changed after it was shared, else the shared date", () => {
    const { unmount } = renderCard(<GlyphCard showDate glyph={makeGlyph({ createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' })} />);
    expect(screen.getByText('Mar 1, 2026')).toBeTruthy();
    unmount();
    renderCard(<GlyphCard showDate glyph={makeGlyph({ createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-04-02T10:00:00.000Z' })} />);
    expect(screen.getByText('Updated Apr 2, 2026')).toBeTruthy();
  });
});

