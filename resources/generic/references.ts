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

/** A referenced record's label: its `labelField`, or its id when that is blank. */
export function referenceLabelOf(row: Record<string, unknown>, spec: ReferenceSpec): string {
  const label = row[spec.labelField];
  return label === undefined || label === null || label === '' ? String(row.id) : String(label);
}

/** The referenced records as select options: value = id, label = `referenceLabelOf`. */
export function referenceOptions(rows: ReadonlyArray<Record<string, unknown>>, spec: ReferenceSpec): ReferenceOption[] {
  return rows.flatMap((row) => {
    const id = row.id;
    if (typeof id !== 'number' && typeof id !== 'string') return [];
    return [{ value: id, label: referenceLabelOf(row, spec) }];
  });
}

/** The label of the referenced record with id `value` (ids compare as text: '2' is 2). */
export function referenceLabel(options: readonly ReferenceOption[], value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return options.find((option) => String(option.value) === String(value))?.label;
}
