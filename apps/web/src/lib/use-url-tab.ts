import { useSearchParams } from './router.tsx';

/**
 * A tab kept in the URL's `?tab=` (issue 17): linkable, restored on reload, and each switch is a
 * history entry, so Back returns to the previous tab. The first tab is the default and leaves the
 * URL clean; other parameters are kept.
 */
export function useUrlTab<T extends string>(tabs: readonly T[], param = 'tab'): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const fallback = tabs[0] as T;
  const tab = tabs.find((known) => known === asked) ?? fallback;
  const setTab = (next: string) => {
    // One switch can be reported twice (a click, then focus) before React re-renders: compare
    // with the address bar itself so one switch is one history entry.
    const current = new URLSearchParams(window.location.search).get(param) ?? fallback;
    if (next === current) return;
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === fallback) updated.delete(param);
      else updated.set(param, next);
      return updated;
    });
  };
  return [tab, setTab];
}
