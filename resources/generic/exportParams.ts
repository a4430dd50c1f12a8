/**
 * What a declared list's export asks: the list's current filters and order as its list call
 * sends them (without paging), and the visible columns the server can write, in their order.
 */
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { buildQuery } from '../../providers/http';
import { generateFilters } from '../../providers/mapping/filters';
import { generateSort } from '../../providers/mapping/sorters';
import { isComputed, sortableFieldsOf, type ResourceDefinition } from '../define';

/** The table's column key of the id column (./columns.tsx), which the export calls `id`. */
const ID_COLUMN_KEY = '__id';

/** The export's columns: the table's visible column keys that name a stored field, in their order. */
export function exportColumns(definition: Pick<ResourceDefinition, 'columns' | 'idColumn'>, tableKeys: readonly unknown[]): string[] {
  const fields = new Set(definition.columns.flatMap((column) => (isComputed(column) ? [] : [column.field])));
  return tableKeys.flatMap((key) => (key === ID_COLUMN_KEY && definition.idColumn ? ['id'] : typeof key === 'string' && fields.has(key) ? [key] : []));
}

/** The list's filters and order as the list call's parameters (blanks left out, lists comma-joined). */
export function exportListParams(definition: Pick<ResourceDefinition, 'columns'>, filters: readonly CrudFilter[], sorters: readonly CrudSort[]): Record<string, string> {
  const query = { ...generateFilters([...filters]), ...generateSort(sorters, sortableFieldsOf(definition)) };
  return Object.fromEntries(new URLSearchParams(buildQuery(query)));
}
