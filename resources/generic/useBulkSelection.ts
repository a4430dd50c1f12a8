import { useTranslate, type BaseKey } from '@refinedev/core';
import { useState, type Key } from 'react';
import type { MatchingOffer } from './BulkBar';
import { offersAllMatching, type BulkTarget } from './bulkTarget';

interface Options<T extends { id: BaseKey }> {
  /** Whether the list checks rows at all (the caller holds a bulk action). */
  isCheckable: boolean;
  /** The page shown: a row no longer on it is no longer checked. */
  rows: readonly T[];
  /** How many rows the list's filters select (all pages). */
  total: number;
  /** The list's parameters as its list call takes them, paging aside: what "all matching rows" sends. */
  match: Record<string, unknown>;
}

/**
 * A list's checked rows for its bulk actions. With the whole page checked and more rows matching,
 * every matching row may be chosen instead; that choice holds while the filters and order, and the
 * checked page, stay as they were (unchecking a row leaves it).
 */
export function useBulkSelection<T extends { id: BaseKey }>({ isCheckable, rows, total, match }: Options<T>) {
  const t = useTranslate();
  const [keys, setKeys] = useState<BaseKey[]>([]);
  // The parameters (as JSON) every matching row was chosen under.
  const [allFor, setAllFor] = useState<string>();
  const checked = isCheckable ? keys.filter((key) => rows.some((row) => String(row.id) === String(key))) : [];
  const matchKey = JSON.stringify(match);
  const isOffered = isCheckable && offersAllMatching(checked.length, rows.length, total);
  const isAll = isOffered && allFor === matchKey;

  const clear = () => {
    setKeys([]);
    setAllFor(undefined);
  };
  const matching: MatchingOffer | undefined = isOffered ? { total, isAll, onSelectAll: () => setAllFor(matchKey) } : undefined;
  const target: BulkTarget = isAll ? { kind: 'match', match, expected: total } : { kind: 'ids', ids: checked };

  return {
    checked,
    matching,
    /** The rows the bulk actions take now. */
    target,
    clear,
    rowSelection: isCheckable
      ? {
          columnWidth: 40,
          selectedRowKeys: checked,
          // A name for each row's box (axe: label); the header's box has antd's own.
          getCheckboxProps: () => ({ disabled: false, 'aria-label': t('bulk.selectRow') }),
          onChange: (next: readonly Key[]) => {
            setAllFor(undefined);
            setKeys(next.map((key) => (typeof key === 'bigint' ? String(key) : key)));
          },
        }
      : undefined,
  };
}
