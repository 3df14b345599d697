/**
 * One requestAnimationFrame loop for every player on the page: 48 playing cards cost one callback
 * per frame, not 48 loops. (Their one IntersectionObserver is visibility.ts: a player needs it
 * before its animation, this with it.)
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
