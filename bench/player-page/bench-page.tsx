/**
 * The page `npm run bench:player` measures (bench/src/player.ts builds it; not part of the app): the real card grid — `GlyphGrid`
 * of `GlyphCard`s with the app's styles, posters and players — with `?n=` animated glyphs (default
 * 48), their frames under /a/{i}.glya and posters under /a/{i}.webp, eight columns so every card is
 * on screen and playing at once.
 */
import { createRoot } from 'react-dom/client';
import type { Glyph } from '@glyphary/shared';
import { MemoryRouter } from '../../apps/web/src/lib/router.tsx';
import { GlyphGrid } from '../../apps/web/src/components/glyph-card.tsx';
import './bench-page.css';

const count = Number(new URLSearchParams(location.search).get('n') ?? '48');
const glyphs: Glyph[] = Array.from({ length: count }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Toy ${i + 1}`,
  description: 'A round matrix animation that plays on the card while it is on screen.',
  images: [],
  thumbnails: [],
  apkUrl: null,
  githubUrl: null,
  instructions: null,
  license: null,
  creatorId: 'c1',
  creatorUsername: 'dot_maker',
  creatorDisplayName: 'Dot Maker',
  downloads: 1200 + i,
  views: 5400 + i,
  likes: 80 + i,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  deleted: false,
  apkSha256: null,
  apkSize: null,
  apkDevices: [],
  tags: [],
  animation: { width: 25, height: 25, frameCount: 60, durationMs: 2400, flashing: false, url: `/a/${i}.glya`, posterUrl: `/a/${i}.webp` },
}));

createRoot(document.getElementById('root')!).render(
  <MemoryRouter>
    <main className="p-4">
      <GlyphGrid glyphs={glyphs} label="Glyphs" className="grid-cols-8! md:grid-cols-8! lg:grid-cols-8!" />
    </main>
  </MemoryRouter>,
);
