/**
 * What a list cell shows, as data (the table renders it): missing values as the empty mark, a
 * choice as its option's label, comma-joined spare values as numbered slots.
 */
import { splitJoined, type Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import type { ColumnSpec, ResourceDefinition } from '../define';

export type CellView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'slots'; slots: Array<{ label: string; value?: string }> };

export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** How many slots a field has and how they are labelled, from its form declaration. */
export function slotsOf(definition: ResourceDefinition, field: string): { count: number; label: string } | undefined {
  return definition.form.find((spec) => spec.field === field && spec.slots)?.slots;
}

export function optionLabel(field: Field, value: unknown, locale: Locale): string | undefined {
  return field.options?.find((option) => String(option.value) === String(value))?.label[locale];
}

export function cellView(definition: ResourceDefinition, column: ColumnSpec, value: unknown, locale: Locale): CellView {
  if (isMissing(value)) return { kind: 'empty' };
  const field = definition.entity.fields[column.field];
  if (column.cell === 'option' && field) return { kind: 'text', text: optionLabel(field, value, locale) ?? String(value) };
  if (column.cell === 'slots') {
    const joined = String(value);
    const declared = slotsOf(definition, column.field);
    const count = declared?.count ?? joined.split(',').length;
    const label = declared?.label ?? column.field;
    const slots = splitJoined(joined, count).map((part, i) => ({ label: `${label}${i + 1}`, ...(part ? { value: part } : {}) }));
    return slots.some((slot) => slot.value !== undefined) ? { kind: 'slots', slots } : { kind: 'empty' };
  }
  return { kind: 'text', text: String(value) };
}
