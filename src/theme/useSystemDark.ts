import { useSyncExternalStore } from 'react';
import { DARK_QUERY } from './themeSetting';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined);

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the system prefers dark, followed live (the user switches their OS at dusk). */
export function useSystemDark(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}
