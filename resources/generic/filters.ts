import type { CrudFilter } from '@refinedev/core';
import type { ResourceDefinition } from '../define';
import { isMissing } from './cells';

/** Fields of the search form: the exact-value filters (`filters`) first, then the searched fields. */
export function searchFormFields(definition: Pick<ResourceDefinition, 'filters' | 'search'>): string[] {
  const filters = [...(definition.filters ?? [])];
  return [...filters, ...definition.search.filter((name) => !filters.includes(name))];
}

/**
 * The search form's values → Refine filters: `filters` fields and choices match exactly, text
 * "contains". Blanks are left out.
 */
export function searchFilters(definition: ResourceDefinition, values: Record<string, unknown>): CrudFilter[] {
  const exact: readonly string[] = definition.filters ?? [];
  return searchFormFields(definition).flatMap((name): CrudFilter[] => {
    const value = values[name];
    if (isMissing(value)) return [];
    const field = definition.entity.fields[name];
    return exact.includes(name) || field?.options
      ? [{ field: name, operator: 'eq', value }]
      : [{ field: name, operator: 'contains', value: typeof value === 'string' ? value.trim() : value }];
  });
}
