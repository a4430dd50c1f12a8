/**
 * The records the command palette offers: each list on the active tab registers a small source
 * here (its title, the rows it shows, its own search call, how a record opens). The shell owns the
 * registry; a list registers from an effect, so a list on a hidden tab (its effects stopped, see
 * src/layout/TabPages.tsx) or one that left is not offered. Small and free of antd: it loads with
 * the lists.
 */
import { createContext, useContext, useEffect } from 'react';

/** One record as the palette shows it; `open` does what the list's own row action does. */
export interface PaletteRecord {
  key: string;
  label: string;
  /** A second line (an account, a key): matched too. */
  detail?: string;
  open: () => void;
}

export interface RecordSource {
  /** The list's title: the heading of its records. */
  title: string;
  /** The rows the list shows now. */
  rows: readonly PaletteRecord[];
  /** The list's own search call (its `searchKey`), a few records; none when the list has no search. */
  search?: (text: string) => Promise<PaletteRecord[]>;
}

export interface RecordSources {
  /** Adds a source; the answer takes it away. */
  add: (source: RecordSource) => () => void;
  /** The sources registered now, in the order they came. */
  current: () => readonly RecordSource[];
  /** Tells when sources come or go; the answer stops it. */
  subscribe: (listener: () => void) => () => void;
}

/** A registry of record sources (one per console layout). */
export function createRecordSources(): RecordSources {
  let sources: readonly RecordSource[] = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    add: (source) => {
      sources = [...sources, source];
      changed();
      return () => {
        sources = sources.filter((s) => s !== source);
        changed();
      };
    },
    current: () => sources,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const RecordSourcesContext = createContext<RecordSources | null>(null);

/** Offers a list's records to the palette while the list is shown (outside the console: nothing). */
export function usePaletteRecords(source: RecordSource | undefined): void {
  const registry = useContext(RecordSourcesContext);
  useEffect(() => (registry && source ? registry.add(source) : undefined), [registry, source]);
}

/** How many records a list's search call is asked for. */
export const PALETTE_SEARCH_SIZE = 8;
