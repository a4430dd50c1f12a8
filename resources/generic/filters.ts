import type { CrudFilter } from '@refinedev/core';
import type { ResourceDefinition } from '../define';
import { isMissing } from './cells';

/** The search form's values → Refine filters: choices match exactly, text "contains". Blanks are left out. */
export function searchFilters(definition: ResourceDefinition, values: Record<string, unknown>): CrudFilter[] {
  return definition.search.flatMap((name): CrudFilter[] => {
    const value = values[name];
    if (isMissing(value)) return [];
    const field = definition.entity.fields[name];
    return field?.options
      ? [{ field: name, operator: 'eq', value }]
      : [{ field: name, operator: 'contains', value: typeof value === 'string' ? value.trim() : value }];
  });
}
