import { useState, type KeyboardEvent } from 'react';
import { DotMatrix } from '../../../components/ui/index.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * Every image of a glyph: a large view plus thumbnails; arrow keys (and Home/End) move between
 * images when the gallery has focus. `priority`: the large view is the page's largest paint (no
 * animation above it), so it loads first; below a player it loads lazily and leaves the bandwidth
 * to the player's poster (issue 16).
 */
export function ImageGallery({ images, thumbnails, title, priority = true }: { images: string[]; thumbnails: Array<string | null>; title: string; priority?: boolean }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="flex aspect-square w-full items-center justify-center rounded-[var(--radius-card)] border border-line bg-surface">
        <DotMatrix size={160} pattern="ring" />
      </div>
    );
  }
  const current = Math.min(index, images.length - 1);
  const go = (next: number) => setIndex((next + images.length) % images.length);
  function handleKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(images.length - 1);
    else return;
    event.preventDefault();
  }
  return (
    <div
      role="group"
      aria-roledescription="gallery"
      aria-label={`Images of ${title}`}
      tabIndex={images.length > 1 ? 0 : -1}
      onKeyDown={handleKey}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
    >
      {/* The page's largest paint unless a player is above: fetched first (the server preloads it too). */}
      <img
        src={images[current]}
        alt={`${title}, image ${current + 1} of ${images.length}`}
        fetchPriority={priority ? 'high' : undefined}
        loading={priority ? undefined : 'lazy'}
        className="aspect-square w-full rounded-[var(--radius-card)] border border-line bg-surface object-contain"
      />
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose an image">
          {images.map((url, i) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === current ? 'true' : undefined}
                className={cn(
                  'block h-16 w-16 overflow-hidden rounded-xl border-2 transition-colors',
                  i === current ? 'border-white' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img src={thumbnails[i] ?? url} alt="" className="h-full w-full object-cover" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
