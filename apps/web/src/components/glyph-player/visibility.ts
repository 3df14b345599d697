/**
 * One IntersectionObserver for every player on the page. Apart from the frame loop (scheduler.ts):
 * a card needs it at once, to know when to load; the loop comes with the animation (engine.ts).
 */

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
