/**
 * One requestAnimationFrame loop, one IntersectionObserver and one ResizeObserver for every player on
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

type Watcher = { onVisible: (visible: boolean) => void; onResize: (devicePixels: number) => void };
const watchers = new Map<Element, Watcher>();
let intersection: IntersectionObserver | null = null;
let resize: ResizeObserver | null = null;

/**
 * Reports when `element` comes near the viewport or leaves it, and its width in device pixels
 * whenever that changes (layout or devicePixelRatio: zoom, a move to another screen).
 */
export function watchElement(element: Element, watcher: Watcher): () => void {
  watchers.set(element, watcher);
  if (typeof IntersectionObserver === 'undefined') watcher.onVisible(true);
  else {
    intersection ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) watchers.get(entry.target)?.onVisible(entry.isIntersecting);
      },
      { rootMargin: '64px' },
    );
    intersection.observe(element);
  }
  if (typeof ResizeObserver === 'undefined') watcher.onResize(Math.round(element.clientWidth * (globalThis.devicePixelRatio || 1)));
  else {
    resize ??= new ResizeObserver((entries) => {
      for (const entry of entries) {
        const box = entry.devicePixelContentBoxSize?.[0];
        const width = box ? box.inlineSize : entry.contentRect.width * (globalThis.devicePixelRatio || 1);
        watchers.get(entry.target)?.onResize(Math.round(width));
      }
    });
    try {
      resize.observe(element, { box: 'device-pixel-content-box' });
    } catch {
      // Browsers without device-pixel boxes (Safari) report CSS pixels; the callback scales them.
      resize.observe(element);
    }
  }
  return () => {
    watchers.delete(element);
    intersection?.unobserve(element);
    resize?.unobserve(element);
  };
}
