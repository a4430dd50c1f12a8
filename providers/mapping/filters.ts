import type { CrudFilter, CrudFilters, LogicalFilter } from '@refinedev/core';
import type { QueryValue } from '../http';

/** The query parameter of the list calls' free-text search over a resource's search fields. */
export const SEARCH_KEY = 'searchKey';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function scalar(value: unknown): QueryValue {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' ? v : String(v)));
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** `{ operator: 'or', value: [contains a x, contains b x …] }` with one shared value = a free-text search. */
function searchValue(filter: CrudFilter): unknown {
  if (filter.operator !== 'or' || filter.value.length === 0) return undefined;
  if (!filter.value.every((f) => f.operator === 'contains')) return undefined;
  const values = filter.value.map((f) => f.value as unknown);
  return values.every((v) => v === values[0]) ? values[0] : undefined;
}

/** A range's bounds travel as `<field>From` and `<field>To` (both inclusive). */
const RANGE_SUFFIX = { gte: 'From', lte: 'To' } as const;

/**
 * Refine filters → query parameters named by field. The platform's list calls know equality
 * (`eq`, and `in` sent comma-joined), "contains" (`contains`) and, for a range field, its bounds
 * (`gte`, `lte`); a field named `searchKey`, or an `or` of `contains` filters sharing one value,
 * becomes `searchKey`. Blank values are left out. Other operators are refused loudly rather than
 * silently ignored.
 */
export function generateFilters(filters: CrudFilters | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters ?? []) {
    if (filter.operator === 'or' || filter.operator === 'and') {
      const search = searchValue(filter);
      if (search !== undefined) {
        if (!isBlank(search)) query[SEARCH_KEY] = scalar(search);
        continue;
      }
      if (filter.operator === 'and') {
        Object.assign(query, generateFilters(filter.value));
        continue;
      }
      throw new Error('Only an "or" of "contains" filters with one value (a free-text search) can be sent to the list calls');
    }
    const { field, operator, value } = filter as LogicalFilter;
    if (operator === 'gte' || operator === 'lte') {
      if (!isBlank(value)) query[`${field}${RANGE_SUFFIX[operator]}`] = scalar(value);
      continue;
    }
    if (operator !== 'eq' && operator !== 'contains' && operator !== 'in') {
      throw new Error(`The list calls cannot filter "${field}" with operator "${operator}" (only eq, in, contains, gte, lte)`);
    }
    if (isBlank(value)) continue;
    query[field] = scalar(value);
  }
  return query;
}
