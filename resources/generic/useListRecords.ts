/**
 * A declared list offers its records to the command palette (src/palette/recordSources.ts): the
 * rows it shows, and its own list call with `searchKey` (within its master, for a detail list), so
 * the palette finds only what this list would list. A record opens the show view, as the row's
 * eye button does. Kept small: it loads with every declared list.
 */
import { useDataProvider, type BaseKey } from '@refinedev/core';
import { useMemo, useRef } from 'react';
import { SEARCH_KEY } from '../../providers/mapping/filters';
import { PALETTE_SEARCH_SIZE, usePaletteRecords, type PaletteRecord } from '../../src/palette/recordSources';
import type { ResourceDefinition } from '../define';
import type { Row } from './rowTypes';

const isShown = (value: unknown) => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

interface Options {
  definition: ResourceDefinition;
  title: string;
  rows: readonly Row[];
  master?: { field: string; id: BaseKey };
  onShow: (row: Row) => void;
}

export function useListRecords({ definition, title, rows, master, onShow }: Options): void {
  const dataProvider = useDataProvider();
  // The latest handler, without offering the records afresh on every render.
  const show = useRef(onShow);
  show.current = onShow;
  const masterField = master?.field;
  const masterId = master?.id;
  const source = useMemo(() => {
    // Named by its label field (else its first searched field), followed by its other searched fields.
    const named = definition.labelField ?? definition.search[0];
    const toRecord = (row: Row): PaletteRecord => {
      const details = definition.search.filter((field) => field !== named && isShown(row[field])).map((field) => String(row[field]));
      return {
        key: String(row.id),
        label: named && isShown(row[named]) ? String(row[named]) : `#${row.id}`,
        ...(details.length ? { detail: details.join(' · ') } : {}),
        open: () => show.current(row),
      };
    };
    const search = async (text: string) => {
      const within = masterField === undefined ? [] : [{ field: masterField, operator: 'eq' as const, value: masterId }];
      const { data } = await dataProvider().getList<Row>({
        resource: definition.name,
        pagination: { currentPage: 1, pageSize: PALETTE_SEARCH_SIZE },
        filters: [...within, { field: SEARCH_KEY, operator: 'eq', value: text }],
      });
      return data.map(toRecord);
    };
    return { title, rows: rows.map(toRecord), ...(definition.search.length ? { search } : {}) };
  }, [definition, title, rows, masterField, masterId, dataProvider]);
  // A detail list waits for its master.
  usePaletteRecords(masterField !== undefined && masterId === undefined ? undefined : source);
}
