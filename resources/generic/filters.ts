import type { CrudFilter } from '@refinedev/core';
import type { ResourceDefinition } from '../define';
import { isMissing } from './cells';

/** Fields of the search form: the exact-value filters (`filters`) first, then the searched fields. */
export function searchFormFields(definition: Pick<ResourceDefinition, 'filters' | 'search'>): string[] {
  const filters = [...(definition.filters ?? [])];
  return [...filters, ...definition.search.filter((name) => !filters.includes(name))];
}

/**
 * The search form's values → Refine filters: `filters` fields and choices (dictionary ones too)
 * match exactly, text "contains". A blank field has the value undefined, which takes its filter
 * away when Refine merges these into the current ones (Reset, a cleared input).
 */
export function searchFilters(definition: ResourceDefinition, values: Record<string, unknown>): CrudFilter[] {
  const exact: readonly string[] = definition.filters ?? [];
  return searchFormFields(definition).map((name): CrudFilter => {
    const raw = values[name];
    const value = isMissing(raw) ? undefined : typeof raw === 'string' ? raw.trim() : raw;
    const field = definition.entity.fields[name];
    return { field: name, operator: exact.includes(name) || field?.options || field?.dictionary ? 'eq' : 'contains', value };
  });
}
