/**
 * Reference fields (`definition.references`): a field holding another resource's id. The form and
 * the search form offer that resource's records (useReferenceOptions), the list shows the
 * record's label: the labels of the ids on the page, read in one call per referenced resource
 * (useReferenceLabels). Everything here is plain data.
 */
import type { ColumnSpec, ReferenceSpec, ResourceDefinition } from '../define';

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

/**
 * Per referenced resource, the ids the rows' reference and tags columns hold (deduplicated, in one order),
 * so every label cell of the page asks for the same ids: one call per resource and page.
 */
export function pageReferenceIds(
  definition: Pick<ResourceDefinition, 'references'>,
  columns: readonly Pick<ColumnSpec, 'field' | 'cell'>[],
  rows: ReadonlyArray<Record<string, unknown>>,
): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const column of columns) {
    // A computed column stores nothing to refer by.
    if (column.field === undefined) continue;
    const spec = referenceOf(definition, column.field);
    if (!spec || (column.cell !== undefined && column.cell !== 'reference' && column.cell !== 'tags')) continue;
    const ids = found.get(spec.resource) ?? new Set<string>();
    for (const row of rows) {
      // A tags field holds several ids.
      const held: unknown[] = Array.isArray(row[column.field]) ? (row[column.field] as unknown[]) : [row[column.field]];
      for (const value of held) if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) ids.add(String(value).trim());
    }
    found.set(spec.resource, ids);
  }
  const byNumber = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);
  return new Map([...found].map(([resource, ids]) => [resource, [...ids].sort(byNumber)]));
}
