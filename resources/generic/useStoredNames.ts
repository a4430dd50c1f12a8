/**
 * The names people call stored tables and columns by (../tableLabels.ts), loaded the first time a
 * cell shows one (the audit log), so no other list carries the entities they are read from.
 * Undefined until loaded: cells show the stored name for that moment.
 */
import { useEffect, useState } from 'react';

type StoredNames = typeof import('../tableLabels');

let loaded: StoredNames | undefined;
let loading: Promise<StoredNames> | undefined;

export function useStoredNames(): StoredNames | undefined {
  const [names, setNames] = useState(loaded);
  useEffect(() => {
    if (names) return;
    let current = true;
    void (loading ??= import('../tableLabels').then((module) => (loaded = module))).then((module) => current && setNames(module));
    return () => {
      current = false;
    };
  }, [names]);
  return names;
}
