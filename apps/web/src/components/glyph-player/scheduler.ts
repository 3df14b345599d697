/**
 * One requestAnimationFrame loop and one IntersectionObserver for every player on
 * the page: 48 playing cards cost one callback per frame, not 48 loops.
 */

type Ticker = (now: number) => void;
const tickers = new Set<Ticker>();
let frameHandle = 0;

function runFrame(now: number) {
  frameHandle = 0;
  for (const tick of tickers) tick(now);
  if (tickers.size > 0) frameHandle = requestAnimationFrame(runFrame);
}

/** Calls `tick` on every animation frame until the returned function is called. */
export function addTicker(tick: Ticker): () => void {
  tickers.add(tick);
  if (!frameHandle) frameHandle = requestAnimationFrame(runFrame);
  return () => {
    tickers.delete(tick);
    if (tickers.size === 0 && frameHandle) {
      cancelAnimationFrame(frameHandle);
      frameHandle = 0;
    }
  };
}

const watchers = new Map<Element, (visible: boolean) => void>();
let intersection: IntersectionObserver | null = null;

/** Reports when `element` comes near the viewport or leaves it (a player's drawing does not depend on its size). */
export function watchElement(element: Element, onVisible: (visible: boolean) => void): () => void {
  watchers.set(element, onVisible);
  if (typeof IntersectionObserver === 'undefined') onVisible(true);
  else {
    intersection ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
      },
      { rootMargin: '64px' },
    );
    intersection.observe(element);
  }
  return () => {
    watchers.delete(element);
    intersection?.unobserve(element);
  };
}
