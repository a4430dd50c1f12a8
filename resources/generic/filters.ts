import type { CrudFilter } from '@refinedev/core';
import { minorUnitsOf } from '../../contract/decimal';
import type { Field } from '../../contract/fields';
import { rangeKindOf } from '../../contract/ranges';
import { lookupFieldsOf, type ResourceDefinition } from '../define';
import { isMissing } from './cells';

/**
 * Fields of the search form: the exact-value filters (`filters`) first, then the searched fields,
 * then the masked fields found by their whole value (`privacy.lookup`); ranges are apart.
 */
export function searchFormFields(definition: Pick<ResourceDefinition, 'filters' | 'search' | 'privacy'>): string[] {
  const filters = [...(definition.filters ?? [])];
  const searched = [...filters, ...definition.search.filter((name) => !filters.includes(name))];
  const lookups = lookupFieldsOf(definition).map(({ field }) => field);
  return [...searched, ...lookups.filter((name) => !searched.includes(name))];
}

/** The mask kind of the search form's `name` when it is a whole-value lookup of a masked field (an exact match, never "contains"). */
export function lookupKindOf(definition: Pick<ResourceDefinition, 'privacy'>, name: string) {
  return lookupFieldsOf(definition).find(({ field }) => field === name)?.kind;
}

/** Whether the search form's `name` is a whole-value lookup of a masked field. */
export function isLookupField(definition: Pick<ResourceDefinition, 'privacy'>, name: string): boolean {
  return lookupKindOf(definition, name) !== undefined;
}

/**
 * A range's bound as the list call takes it (contract/ranges.ts): an amount control's fen as they
 * are, a date picker's value (a Dayjs) as its day for a date field, else as epoch milliseconds.
 */
function bound(field: Field | undefined, value: unknown): number | string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const kind = field ? rangeKindOf(field) : 'instant';
  if (kind === 'amount') {
    const units = minorUnitsOf(value);
    return units === undefined ? undefined : Number(units);
  }
  const picked = value as { valueOf(): unknown; format?: (pattern: string) => string };
  if (kind === 'day') return typeof picked.format === 'function' ? picked.format('YYYY-MM-DD') : undefined;
  const ms = Number(picked.valueOf());
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The search form's values → Refine filters: `filters` fields, whole-value lookups and choices
 * (dictionary ones too) match exactly, text "contains". A blank field has the value undefined, which takes its filter
 * away when Refine merges these into the current ones (Reset, a cleared input).
 */
export function searchFilters(definition: ResourceDefinition, values: Record<string, unknown>): CrudFilter[] {
  const exact: readonly string[] = definition.filters ?? [];
  const fields = searchFormFields(definition).map((name): CrudFilter => {
    const raw = values[name];
    const value = isMissing(raw) ? undefined : typeof raw === 'string' ? raw.trim() : raw;
    const field = definition.entity.fields[name];
    const isExact = exact.includes(name) || isLookupField(definition, name) || field?.options || field?.dictionary;
    return { field: name, operator: isExact ? 'eq' : 'contains', value };
  });
  // A range (`ranges`): from and to, each inclusive, each optional.
  const ranges = (definition.ranges ?? []).flatMap((name): CrudFilter[] => {
    const [from, to] = Array.isArray(values[name]) ? (values[name] as unknown[]) : [];
    const field = definition.entity.fields[name];
    return [
      { field: name, operator: 'gte', value: bound(field, from) },
      { field: name, operator: 'lte', value: bound(field, to) },
    ];
  });
  return [...fields, ...ranges];
}
