import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the viewport a section starts rendering: about a phone screen ahead. */
const NEAR_MARGIN = '600px';

/**
 * Renders `children` once its place comes near the viewport (or at once when `force` is set); until
 * then, and in the server render, an empty block of `placeholderClassName` holds the place.
 *
 * For sections below the first screen whose code is loaded lazily: the page's
 * initial JavaScript leaves them out, and they load when a person scrolls towards them. The server
 * renders the placeholder too, so hydration matches; what search engines and the largest paint
 * need (title, poster, description) must not be put behind it.
 */
export function NearViewport({ children, placeholderClassName, force = false }: { children: ReactNode; placeholderClassName?: string; force?: boolean }) {
  const [near, setNear] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  // Once shown, always shown: a section forced open (a dialog in it) stays when `force` ends.
  if (force && !near) setNear(true);
  const show = near || force;
  useEffect(() => {
    const element = placeholder.current;
    if (show || !element) return;
    // Without IntersectionObserver (old browsers, jsdom) there is no way to wait: render it next.
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setNear(true), 0);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR_MARGIN} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [show]);
  const holder = <div ref={placeholder} className={placeholderClassName} data-near-viewport="" />;
  if (!show) return holder;
  // The lazily loaded section keeps the placeholder's place while its chunk arrives.
  return <Suspense fallback={<div className={placeholderClassName} />}>{children}</Suspense>;
}
