import type { CrudSort } from '@refinedev/core';
import { ORDER_PARAM, SORT_PARAM } from '../../contract/paging';

/**
 * Refine sorters → `sort=<field>&order=asc|desc` for the first sorter on a column the resource
 * declares sortable; anything else keeps the server's default order.
 */
export function generateSort(sorters: readonly CrudSort[] | undefined, sortable: readonly string[]): Record<string, string> {
  const sorter = sorters?.find((s) => sortable.includes(s.field));
  return sorter ? { [SORT_PARAM]: sorter.field, [ORDER_PARAM]: sorter.order === 'desc' ? 'desc' : 'asc' } : {};
}
