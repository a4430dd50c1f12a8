/**
 * The registered cells, found by file name (resources/cells/<name>.tsx) without a hand-kept list.
 * Each loads on first use, in a chunk of its own, so a list that names none does not grow.
 */
import { useEffect, useState } from 'react';
import type { CellDefinition } from './defineCell';

const modules = import.meta.glob<{ default: CellDefinition }>('../cells/*.tsx');

const nameOf = (path: string) => path.replace(/^.*\/([^/]+)\.tsx$/, '$1');
const loaders = new Map(Object.entries(modules).map(([path, load]) => [nameOf(path), load]));
const loaded = new Map<string, CellDefinition>();
const pending = new Map<string, Promise<CellDefinition | undefined>>();

/** The names of the registered cells. */
export function registeredCellNames(): string[] {
  return [...loaders.keys()];
}

/** The cell once loaded (undefined before, or when no module has that name). */
export function loadedCell(name: string): CellDefinition | undefined {
  return loaded.get(name);
}

export function loadCell(name: string): Promise<CellDefinition | undefined> {
  const load = loaders.get(name);
  if (!load) return Promise.resolve(undefined);
  let promise = pending.get(name);
  if (!promise) {
    promise = load().then(
      (module) => {
        loaded.set(name, module.default);
        return module.default;
      },
      (error: unknown) => {
        // A failed chunk load may be retried by the next render.
        pending.delete(name);
        throw error;
      },
    );
    pending.set(name, promise);
  }
  return promise;
}

/** Loads the named cells; re-renders once all are in (then loadedCell answers them). */
export function useRegisteredCells(names: readonly string[]): boolean {
  const key = [...new Set(names)].sort().join(',');
  const [, setVersion] = useState(0);
  const isReady = names.every((name) => loaded.has(name) || !loaders.has(name));
  useEffect(() => {
    if (key === '' || isReady) return;
    let current = true;
    void Promise.all(key.split(',').map(loadCell)).then(
      () => current && setVersion((v) => v + 1),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key, isReady]);
  return isReady;
}
