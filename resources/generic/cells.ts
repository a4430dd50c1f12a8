/**
 * What a list cell shows, as data (the table renders it): missing values as the empty mark, a
 * choice as its option's label, comma-joined spare values as numbered slots, another resource's
 * id as that record's label (resolved by the table once the referenced records are loaded).
 */
import { splitJoined, type Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import type { CellKind, ColumnSpec, ReferenceSpec, ResourceDefinition } from '../define';
import { parseChanges, type Change } from './changes';
import { referenceOf } from './references';

export type CellView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'changes'; changes: Change[] }
  | { kind: 'slots'; slots: Array<{ label: string; value?: string }> }
  | { kind: 'reference'; reference: ReferenceSpec; value: unknown }
  | { kind: 'dictionary'; dicKey: string; value: string };

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

/** The declared cell kind; a reference or a dictionary-backed field shows its label by default. */
export function cellKindOf(definition: ResourceDefinition, column: ColumnSpec): CellKind {
  if (column.cell) return column.cell;
  if (referenceOf(definition, column.field)) return 'reference';
  return definition.entity.fields[column.field]?.dictionary ? 'dictionary' : 'text';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant (epoch milliseconds) as the browser's local 'YYYY-MM-DD HH:mm:ss'. */
export function timeText(value: unknown): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(ms)) return undefined;
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** `record`: the whole row, which a record of changes reads its table from (`tableName`). */
export function cellView(definition: ResourceDefinition, column: ColumnSpec, value: unknown, locale: Locale, record?: Record<string, unknown>): CellView {
  if (isMissing(value)) return { kind: 'empty' };
  const field = definition.entity.fields[column.field];
  const kind = cellKindOf(definition, column);
  if (kind === 'reference') {
    const reference = referenceOf(definition, column.field);
    if (reference) return { kind: 'reference', reference, value };
  }
  if (kind === 'dictionary' && field?.dictionary) return { kind: 'dictionary', dicKey: field.dictionary, value: String(value) };
  if (kind === 'option' && field) return { kind: 'text', text: optionLabel(field, value, locale) ?? String(value) };
  if (kind === 'time') return { kind: 'text', text: timeText(value) ?? String(value) };
  if (kind === 'changes') {
    const changes = parseChanges(value, typeof record?.tableName === 'string' ? record.tableName : undefined, locale);
    return changes.length ? { kind: 'changes', changes } : { kind: 'empty' };
  }
  if (kind === 'slots') {
    const joined = String(value);
    const declared = slotsOf(definition, column.field);
    const count = declared?.count ?? joined.split(',').length;
    const label = declared?.label ?? column.field;
    const slots = splitJoined(joined, count).map((part, i) => ({ label: `${label}${i + 1}`, ...(part ? { value: part } : {}) }));
    return slots.some((slot) => slot.value !== undefined) ? { kind: 'slots', slots } : { kind: 'empty' };
  }
  const suffix = column.suffix === undefined ? undefined : record?.[column.suffix];
  return { kind: 'text', text: isMissing(suffix) ? String(value) : `${String(value)} (${String(suffix)})` };
}
