/**
 * What the palette lists for a query: the matching screens, then, for each list on the active tab,
 * its matching records: the rows it shows and what its own search call finds (asked once typing
 * pauses). Only what the caller's navigation routes and what their lists answered is ever offered.
 */
import { useEffect, useMemo, useState } from 'react';
import { rankMatches } from './match';
import { PALETTE_SEARCH_SIZE, type PaletteRecord, type RecordSource } from './recordSources';
import { screenTexts, type PaletteScreen } from './screens';

export type PaletteItem = { kind: 'screen'; key: string; screen: PaletteScreen } | { kind: 'record'; key: string; record: PaletteRecord };

export interface PaletteGroup {
  key: string;
  /** The screens (no source) or the records of one list. */
  source?: RecordSource;
  items: PaletteItem[];
}

/** Records shown for an empty query: a glimpse of the list. */
const FIRST_RECORDS = 5;
/** Screens shown once something is typed: the best ones, leaving the records of the list in view. */
const MATCHING_SCREENS = 8;
/** Typing pauses this long before a list's search call is asked. */
const SEARCH_DELAY_MS = 200;

const recordTexts = (record: PaletteRecord) => [record.label, record.detail ?? ''];

/**
 * A list's records for a query: its rows and its search call's answer (without the rows already
 * there), ranked by the palette's matching; records only the server matched (on a field the
 * palette does not show) come after.
 */
export function sourceRecords(rows: readonly PaletteRecord[], found: readonly PaletteRecord[], query: string): PaletteRecord[] {
  if (query.trim() === '') return rows.slice(0, FIRST_RECORDS);
  const shown = new Set(rows.map((record) => record.key));
  const fresh = found.filter((record) => !shown.has(record.key));
  const ranked = rankMatches([...rows, ...fresh], recordTexts, query);
  const ranks = new Set(ranked);
  return [...ranked, ...fresh.filter((record) => !ranks.has(record))].slice(0, PALETTE_SEARCH_SIZE);
}

export function usePaletteResults(screens: readonly PaletteScreen[], sources: readonly RecordSource[], query: string, isOpen: boolean) {
  const text = query.trim();
  const [found, setFound] = useState<{ text: string; records: ReadonlyMap<RecordSource, PaletteRecord[]> }>();
  const searchable = useMemo(() => sources.filter((source) => source.search), [sources]);

  useEffect(() => {
    if (!isOpen || text === '' || searchable.length === 0) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      const asked = searchable.map(
        (source): Promise<[RecordSource, PaletteRecord[]]> =>
          source.search!(text).then(
            (records) => [source, records],
            // A refused or failed search leaves the rows on screen to match.
            () => [source, []],
          ),
      );
      void Promise.all(asked).then((answers) => {
        if (isCurrent) setFound({ text, records: new Map(answers) });
      });
    }, SEARCH_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [isOpen, text, searchable]);

  const records = found?.text === text ? found.records : undefined;
  const groups = useMemo(() => {
    const ranked = rankMatches(screens, screenTexts, text);
    const shownScreens = text === '' ? ranked : ranked.slice(0, MATCHING_SCREENS);
    const all: PaletteGroup[] = [{ key: 'screens', items: shownScreens.map((screen) => ({ kind: 'screen', key: `screen:${screen.path}`, screen })) }];
    sources.forEach((source, index) => {
      const items = sourceRecords(source.rows, records?.get(source) ?? [], text).map((record): PaletteItem => ({ kind: 'record', key: `record:${index}:${record.key}`, record }));
      all.push({ key: `records:${index}`, source, items });
    });
    return all.filter((group) => group.items.length > 0);
  }, [screens, sources, records, text]);

  return { groups, isSearching: text !== '' && searchable.length > 0 && records === undefined };
}
