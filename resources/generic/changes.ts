/**
 * A record of changes (`{ column: [before, after] }` as JSON, the audit log's `changes`), as rows
 * to show: each changed column, its value before and after, and its label where `fields` names it
 * (`labelled` adds the stored tables' labels, ../tableLabels.ts, once the cell has loaded them).
 */
import type { Fields } from '../../contract/fields';
import { changePairs } from '../../contract/history';
import type { Locale } from '../../contract/i18n';

export interface Change {
  column: string;
  label: string;
  before: string;
  after: string;
}

/** `param_key` → `paramKey`, as the tables' columns are named from the fields. */
export const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The changes of a stored record, labelled from `fields` where they name the column; none when the text is not such a record. */
export function parseChanges(text: unknown, locale: Locale, fields?: Fields): Change[] {
  return changePairs(text).map(({ column, before, after }) => ({ column, label: fields?.[camelCase(column)]?.label[locale] ?? column, before: shown(before), after: shown(after) }));
}

type ValueText = (table: string, column: string, value: string) => string | undefined;

/**
 * Changes of `table` labelled by the stored tables' labels where their own say only the column;
 * with `valueText`, values the stored tables say how to read (an instant as date and time) read so.
 */
export function labelled(
  changes: readonly Change[],
  table: string | undefined,
  locale: Locale,
  columnLabel: (table: string, column: string, locale: Locale) => string | undefined,
  valueText?: ValueText,
): Change[] {
  if (table === undefined) return [...changes];
  const read = (column: string, value: string) => (value === '' ? value : (valueText?.(table, column, value) ?? value));
  return changes.map((change) => ({
    ...change,
    label: change.label === change.column ? (columnLabel(table, change.column, locale) ?? change.column) : change.label,
    before: read(change.column, change.before),
    after: read(change.column, change.after),
  }));
}

/** Fields every save moves: a history shows what the edit changed, not these. */
const MOVED_BY_EVERY_SAVE: ReadonlySet<string> = new Set(['version', 'updateTime']);

/** A history entry's changes (contract/history.ts, keyed by field) as rows to show, labelled from `fields`. */
export function fieldChanges(changes: ReadonlyArray<{ field: string; before: unknown; after: unknown }>, locale: Locale, fields?: Fields): Change[] {
  return changes
    .filter((change) => !MOVED_BY_EVERY_SAVE.has(change.field))
    .map((change) => ({ column: change.field, label: fields?.[change.field]?.label[locale] ?? change.field, before: shown(change.before), after: shown(change.after) }));
}
