/**
 * What a list cell shows, as data (the table renders it): missing values as the empty mark, a
 * choice as its option's label, comma-joined spare values as numbered slots, another resource's
 * id as that record's label (read by the cell with the other labels of the page).
 */
import { minorUnitsOf, minorUnitsText } from '../../contract/decimal';
import { splitJoined, type Field } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import { isBuiltInCell, isComputed, TIMESTAMP_FIELDS, type CellKind, type CellName, type ColumnSpec, type ReferenceSpec, type ResourceDefinition } from '../define';
import { findResource } from '../registry';
import { parseChanges, type Change } from './changes';
import { referenceOf } from './references';

export type CellView =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; title?: string }
  | { kind: 'changes'; changes: Change[]; table?: string }
  /** A stored table's name, or a record's key in it, shown as people call them (loaded by the cell). */
  | { kind: 'stored'; table: string; key?: string }
  | { kind: 'slots'; slots: Array<{ label: string; value?: string }> }
  /** `ids`: every id of that resource on the page, asked for together (the value alone without them). */
  | { kind: 'reference'; reference: ReferenceSpec; value: unknown; ids?: readonly string[] }
  | { kind: 'dictionary'; dicKey: string; value: string }
  /** A tags field's values as tags: a dictionary's item labels, or referenced records' labels (`ids`: the page's, asked for together). */
  | { kind: 'tags'; values: string[]; dicKey?: string; reference?: ReferenceSpec; ids?: readonly string[] }
  /** A registered cell (./cellRegistry.ts) given the value (none for a computed column) and the whole row. */
  | { kind: 'custom'; cell: string; value: unknown; row: Record<string, unknown> };

export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** How many slots a field has and how they are labelled, from its form declaration. */
export function slotsOf(definition: ResourceDefinition, field: string): { count: number; label: string } | undefined {
  return definition.form.find((spec) => spec.field === field && spec.slots)?.slots;
}

/**
 * The label of a choice's value; a comma list of values (`ua,device`) as the labels of its parts
 * (浏览器、设备); undefined when a part names no option.
 */
export function optionLabel(field: Field, value: unknown, locale: Locale): string | undefined {
  const options = field.options;
  if (!options) return undefined;
  const labelOf = (part: string) => options.find((option) => String(option.value) === part)?.label[locale];
  const whole = labelOf(String(value));
  if (whole !== undefined || typeof value !== 'string' || !value.includes(',')) return whole;
  const labels = value.split(',').map((part) => labelOf(part.trim()));
  return labels.every((label) => label !== undefined) ? labels.join(locale === 'zh-CN' ? '、' : ', ') : undefined;
}

/** The cell a field's rule implies: an instant as a local time, a day as is, an amount formatted. */
const CELL_OF_RULE: Partial<Record<Field['rule']['kind'], CellKind>> = { date: 'date', dateTime: 'time', decimal: 'decimal' };

/** The declared cell; a reference or a dictionary-backed field shows its label by default, a timestamp its time. */
export function cellKindOf(definition: ResourceDefinition, column: ColumnSpec): CellName {
  if (column.cell) return column.cell;
  if (isComputed(column)) return 'text';
  if (definition.timestamps && (TIMESTAMP_FIELDS as readonly string[]).includes(column.field)) return 'time';
  const field = definition.entity.fields[column.field];
  if (field?.rule.kind === 'tags') return 'tags';
  if (referenceOf(definition, column.field)) return 'reference';
  if (field?.dictionary) return 'dictionary';
  return (field && CELL_OF_RULE[field.rule.kind]) ?? 'text';
}

const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale, scale and currency (building one per cell is slow in long lists). */
function numberFormat(locale: Locale, scale: number, currency: string | undefined): Intl.NumberFormat {
  const key = `${locale}|${scale}|${currency ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const digits = { minimumFractionDigits: scale, maximumFractionDigits: scale };
    formats.set(key, (format = new Intl.NumberFormat(locale, currency ? { style: 'currency', currency, ...digits } : digits)));
  }
  return format;
}

/**
 * An amount of minor units in the locale's digits, with the field's scale and (money) currency:
 * 490000 fen is '¥4,900.00' in zh-CN. Formatted from its exact decimal text, never a float.
 */
export function decimalText(field: Field, value: unknown, locale: Locale): string | undefined {
  const units = minorUnitsOf(value);
  if (units === undefined || field.rule.kind !== 'decimal') return undefined;
  const { scale, currency } = field.rule;
  return numberFormat(locale, scale, currency).format(minorUnitsText(units, scale) as Intl.StringNumericLiteral);
}

// Its own module: a chunk needing only it (the history panel) need not load the registry this one imports.
export { timeText } from './timeText';
import { timeText } from './timeText';

/** `record`: the whole row, which a record of changes reads its table from (`tableName`). */
export function cellView(definition: ResourceDefinition, column: ColumnSpec, value: unknown, locale: Locale, record?: Record<string, unknown>): CellView {
  // A computed column has no value of its own: its cell reads the row.
  if (isComputed(column)) return { kind: 'custom', cell: column.cell, value: undefined, row: record ?? {} };
  if (isMissing(value)) return { kind: 'empty' };
  const field = definition.entity.fields[column.field];
  const kind = cellKindOf(definition, column);
  if (!isBuiltInCell(kind)) return { kind: 'custom', cell: kind, value, row: record ?? {} };
  if (kind === 'reference') {
    const reference = referenceOf(definition, column.field);
    if (reference) return { kind: 'reference', reference, value };
  }
  if (kind === 'dictionary' && field?.dictionary) return { kind: 'dictionary', dicKey: field.dictionary, value: String(value) };
  if (kind === 'tags') {
    const values = Array.isArray(value) ? value.map(String) : [];
    if (values.length === 0) return { kind: 'empty' };
    const reference = referenceOf(definition, column.field);
    return { kind: 'tags', values, ...(field?.dictionary ? { dicKey: field.dictionary } : reference ? { reference } : {}) };
  }
  if (kind === 'option' && field) return { kind: 'text', text: optionLabel(field, value, locale) ?? String(value) };
  if (kind === 'time') return { kind: 'text', text: timeText(value) ?? String(value) };
  if (kind === 'decimal' && field) return { kind: 'text', text: decimalText(field, value, locale) ?? String(value) };
  // The row's field naming the table (or resource) this value belongs to.
  const owner = column.of === undefined ? undefined : record?.[column.of];
  const ownerName = typeof owner === 'string' ? owner : undefined;
  if (kind === 'changes') {
    const changes = parseChanges(value, locale);
    return changes.length ? { kind: 'changes', changes, ...(ownerName === undefined ? {} : { table: ownerName }) } : { kind: 'empty' };
  }
  if (kind === 'table') return { kind: 'stored', table: String(value) };
  if (kind === 'recordKey') return ownerName === undefined ? { kind: 'text', text: String(value) } : { kind: 'stored', table: ownerName, key: String(value) };
  if (kind === 'resource') return { kind: 'text', text: findResource(String(value))?.title[locale] ?? String(value) };
  if (kind === 'fieldName') {
    const label = ownerName === undefined ? undefined : findResource(ownerName)?.entity.fields[String(value)]?.label[locale];
    return { kind: 'text', text: label ?? String(value) };
  }
  const shownAs = column.shownAs === undefined ? undefined : record?.[column.shownAs];
  if (typeof shownAs === 'string' && shownAs !== '') return { kind: 'text', text: shownAs, title: String(value) };
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
