/**
 * A record of changes (`{ column: [before, after] }` as JSON, the audit log's `changes`), as rows
 * to show: each changed column, its value before and after, and its label where the table is a
 * declared resource's (the show view also knows the bespoke tables': ./ChangesTable.tsx).
 */
import type { Fields } from '../../contract/fields';
import type { Locale } from '../../contract/i18n';
import { resourceDefinitions } from '../registry';

export interface Change {
  column: string;
  label: string;
  before: string;
  after: string;
}

/** `param_key` → `paramKey`, as the tables' columns are named from the fields. */
export const camelCase = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** The changes of a stored record, labelled from `fields` where it names the column; none when the text is not such a record. */
export function parseChanges(text: unknown, table: string | undefined, locale: Locale, fields?: Fields): Change[] {
  if (typeof text !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  const known = fields ?? resourceDefinitions.find((d) => d.table === table)?.entity.fields;
  return Object.entries(parsed as Record<string, unknown>).map(([column, pair]) => {
    const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
    return { column, label: known?.[camelCase(column)]?.label[locale] ?? column, before: shown(before), after: shown(after) };
  });
}
