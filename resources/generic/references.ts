/**
 * Reference fields (`definition.references`): a field holding another resource's id. The form and
 * the search form offer that resource's records, the list shows the record's label. The records
 * load once per referenced resource (see useReferenceOptions); everything here is plain data.
 */
import type { ReferenceSpec, ResourceDefinition } from '../define';

export interface ReferenceOption {
  value: number | string;
  label: string;
}

/** The reference a field declares, if any. */
export function referenceOf(definition: Pick<ResourceDefinition, 'references'>, field: string): ReferenceSpec | undefined {
  return (definition.references as Partial<Record<string, ReferenceSpec>> | undefined)?.[field];
}

/** The referenced records as select options: value = id, label = `labelField` (the id when blank). */
export function referenceOptions(rows: ReadonlyArray<Record<string, unknown>>, spec: ReferenceSpec): ReferenceOption[] {
  return rows.flatMap((row) => {
    const id = row.id;
    if (typeof id !== 'number' && typeof id !== 'string') return [];
    const label = row[spec.labelField];
    return [{ value: id, label: label === undefined || label === null || label === '' ? String(id) : String(label) }];
  });
}

/** The label of the referenced record with id `value` (ids compare as text: '2' is 2). */
export function referenceLabel(options: readonly ReferenceOption[], value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return options.find((option) => String(option.value) === String(value))?.label;
}
