/**
 * The person list offers its records to the command palette (src/palette/recordSources.ts): the
 * rows it shows, and its own list call with `searchKey` (name, code or telephone contains), so the
 * palette finds only staff this list would list. Opening one does what the list's row does.
 */
import { useDataProvider } from '@refinedev/core';
import { useMemo, useRef } from 'react';
import type { ListData } from '../../contract/envelope';
import type { StaffListRow } from '../../contract/entities/staff';
import { callUrl, STAFF_CALLS } from '../../contract/paths';
import { PALETTE_SEARCH_SIZE, usePaletteRecords, type PaletteRecord } from '../../src/palette/recordSources';

export function useStaffRecords(title: string, rows: readonly StaffListRow[], onOpen: (row: StaffListRow) => void): void {
  const dataProvider = useDataProvider();
  // The latest handler, without offering the records afresh on every render.
  const open = useRef(onOpen);
  open.current = onOpen;
  const source = useMemo(() => {
    const toRecord = (row: StaffListRow): PaletteRecord => {
      const detail = [row.code, row.officeName].filter(Boolean).join(' · ');
      return { key: String(row.id), label: row.name || row.code || `#${row.id}`, ...(detail ? { detail } : {}), open: () => open.current(row) };
    };
    const search = async (text: string) => {
      const provider = dataProvider();
      if (!provider.custom) return [];
      const answer = await provider.custom({ url: callUrl(STAFF_CALLS.list), method: 'post', payload: { searchKey: text, pageNo: 1, pageSize: PALETTE_SEARCH_SIZE } });
      const data = answer.data as Partial<ListData<StaffListRow>> | undefined;
      return Array.isArray(data?.items) ? data.items.map(toRecord) : [];
    };
    return { title, rows: rows.map(toRecord), search };
  }, [title, rows, dataProvider]);
  usePaletteRecords(source);
}
