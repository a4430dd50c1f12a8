import type { CrudSort } from '@refinedev/core';

/** Query parameter names of a requested order (only columns the resource declares `sortable`; the server refuses others with 1001). */
export const SORT_PARAM = 'sort';
export const ORDER_PARAM = 'order';

/**
 * Refine sorters → `sort=<field>&order=asc|desc` for the first sorter on a column the resource
 * declares sortable; anything else keeps the server's default order.
 */
export function generateSort(sorters: readonly CrudSort[] | undefined, sortable: readonly string[]): Record<string, string> {
  const sorter = sorters?.find((s) => sortable.includes(s.field));
  return sorter ? { [SORT_PARAM]: sorter.field, [ORDER_PARAM]: sorter.order === 'desc' ? 'desc' : 'asc' } : {};
}
