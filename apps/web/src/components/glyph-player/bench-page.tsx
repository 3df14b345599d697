/**
 * The page `npm run bench:player` measures (never part of the app): a grid of compact players, one
 * per animation URL in `?n=` numbered files under /a/, all playing at once as on a long card grid.
 */
import { createRoot } from 'react-dom/client';
import '../../index.css';
import { GlyphPlayer } from './glyph-player.tsx';

const count = Number(new URLSearchParams(location.search).get('n') ?? '48');
createRoot(document.getElementById('root')!).render(
  <ul className="grid grid-cols-8 gap-3 p-3">
    {Array.from({ length: count }, (_, i) => (
      <li key={i} className="rounded-[var(--radius-card)] border border-line bg-surface p-2">
        <GlyphPlayer src={`/a/${i}.glya`} title={`Toy ${i + 1}`} variant="compact" />
      </li>
    ))}
  </ul>,
);
