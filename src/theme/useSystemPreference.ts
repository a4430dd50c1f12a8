import { useCallback, useSyncExternalStore } from 'react';
import { DARK_QUERY, REDUCED_MOTION_QUERY } from './themeSetting';

/** Whether the system's media query `query` matches, followed live. */
function useMediaQuery(query: string): boolean {
  const list = useCallback(() => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined), [query]);
  // Stable per query, or React would subscribe again on every render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const watched = list();
      watched?.addEventListener('change', onChange);
      return () => watched?.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(subscribe, () => list()?.matches ?? false);
}

/** Whether the system prefers dark, followed live (the user switches their OS at dusk). */
export function useSystemDark(): boolean {
  return useMediaQuery(DARK_QUERY);
}

/** Whether the system asks for reduced motion (a setting people with vestibular disorders rely on, WCAG 2.3.3). */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
