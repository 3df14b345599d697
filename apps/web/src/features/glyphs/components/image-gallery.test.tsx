import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImageGallery } from './image-gallery.tsx';

const images = ['/api/files/images/a.webp', '/api/files/images/b.webp'];

describe('ImageGallery', () => {
  it('loads its large view first when it is the page’s largest paint, lazily below a player (issue 16)', () => {
    const large = (html: string) => html.match(/<img [^>]*alt="Orbit, image 1 of 2"[^>]*>/)?.[0] ?? '';
    const first = large(renderToString(<ImageGallery images={images} thumbnails={[null, null]} title="Orbit" />));
    expect(first).toMatch(/fetchPriority="high"/i);
    expect(first).not.toMatch(/loading="lazy"/);
    const below = large(renderToString(<ImageGallery images={images} thumbnails={[null, null]} title="Orbit" priority={false} />));
    expect(below).toMatch(/loading="lazy"/);
    expect(below).not.toMatch(/fetchPriority/i);
  });
});
