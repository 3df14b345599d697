import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A form's error message that is never missed (issue 17): each time an error is set — even the same
 * text again — the element holding `errorRef` (the error banner, role=alert, so it is announced) gets
 * focus and is scrolled into view, instead of focus staying on a Submit button far below it.
 */
export function useFormError<T extends HTMLElement = HTMLDivElement>() {
  const [state, setState] = useState<{ message: string; attempt: number } | null>(null);
  const errorRef = useRef<T>(null);
  const attempts = useRef(0);

  useEffect(() => {
    const element = errorRef.current;
    if (!state || !element) return;
    element.focus({ preventScroll: true });
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [state]);

  const setError = useCallback((message: string | null) => {
    attempts.current += 1;
    setState(message === null ? null : { message, attempt: attempts.current });
  }, []);

  return { error: state?.message ?? null, setError, errorRef };
}
