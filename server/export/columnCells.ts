/**
 * A declared list's columns as an export writes them: each cell in words, as the list shows it, in
 * the caller's language: an option's label, a dictionary item's name, a referenced record's label,
 * a region's names, an instant as local date and time, an amount in major units; a column the
 * server names (`shownAs`) by that name, a `suffix` in parentheses.
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../contract';
import { dictionaryItemText } from '../../contract/dictionaries';
import { EXPORT_COLUMNS_PARAM } from '../../contract/exportFile';
import { indexRegions, loadRegions, regionNames, type RegionIndex, type RegionPath } from '../../contract/regions';
import { fieldLabelOf, isComputed, TIMESTAMP_FIELDS, type FieldColumnSpec, type ResourceDefinition } from '../../resources/define';
import type { DictionaryLookup } from '../crud/recordChecks';
import { repositoryOf, type ResourceRecord } from '../crud/repository';
import type { Database } from '../db/schema';
import { invalidParam, textParam } from '../http/params';
import type { CellValue, SheetColumn } from './sheetStream';

let regions: Promise<RegionIndex> | undefined;
const regionIndex = () => (regions ??= loadRegions().then(indexRegions));

/** The column keys an export of `definition` may name, in the list's order: its stored-field columns (computed ones are drawn by the console). */
export function exportableColumns(definition: ResourceDefinition): FieldColumnSpec[] {
  const id: FieldColumnSpec[] = definition.idColumn ? [{ field: 'id' }] : [];
  return [...id, ...definition.columns.filter((column): column is FieldColumnSpec => !isComputed(column))];
}

/** The columns asked for (`columns=a,b`, in that order), or all of them; 1001 naming `columns` for any other key or a repeat. */
export function chosenColumns<C>(available: readonly C[], keyOf: (column: C) => string, value: unknown, locale: Locale): C[] {
  const asked = textParam(Array.isArray(value) ? value.join(',') : value);
  if (asked === undefined) return [...available];
  const keys = asked.split(',').map((key) => key.trim());
  const chosen = keys.map((key) => available.find((column) => keyOf(column) === key));
  if (chosen.some((column) => column === undefined) || new Set(keys).size !== keys.length) throw invalidParam(EXPORT_COLUMNS_PARAM, locale);
  return chosen as C[];
}

/** Minutes as the browser's getTimezoneOffset says them (−840…840); 1001 otherwise. */
export function tzOffsetParam(value: unknown, locale: Locale): number {
  const raw = textParam(value);
  if (raw === undefined) return 0;
  if (!/^-?\d{1,3}$/.test(raw) || Math.abs(Number(raw)) > 840) throw invalidParam('tzOffset', locale);
  return Number(raw);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as `2026-11-26 09:05:00` where the caller is. */
export function localTime(ms: number, tzOffset: number): string {
  const d = new Date(ms - tzOffset * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

interface Options {
  db: Kysely<Database>;
  definitions: readonly ResourceDefinition[];
  dictionaries: DictionaryLookup;
  locale: Locale;
  tzOffset: number;
}

type Cell = (row: ResourceRecord) => CellValue;
const asText = (value: unknown): CellValue => (value === null || value === undefined || value === '' ? null : typeof value === 'number' ? value : String(value));

/**
 * The sheet's columns and how a page of rows becomes cells. Labels a page needs (references) are
 * read once per page; dictionaries and regions once per export.
 */
export async function columnCells(definition: ResourceDefinition, columns: readonly FieldColumnSpec[], { db, definitions, dictionaries, locale, tzOffset }: Options) {
  const { fields } = definition.entity;
  const regionTriples = (definition.show?.items ?? []).flatMap((item) => ('region' in item ? [item.region as readonly string[]] : []));
  const pageLabels: Array<(rows: readonly ResourceRecord[]) => Promise<void>> = [];

  async function cellOf(column: FieldColumnSpec): Promise<{ sheet: SheetColumn; cell: Cell }> {
    const name = column.field;
    const field = fields[name];
    const header = (name === 'id' ? definition.idColumn : fieldLabelOf(definition, name))?.[locale] ?? name;
    const sheet = (width: number, numFmt?: string): SheetColumn => ({ header, width: Math.max(width, [...header].length * 2 + 2), ...(numFmt ? { numFmt } : {}) });
    const suffixed = (cell: Cell): Cell =>
      column.suffix ? (row) => { const main = cell(row); const extra = asText(row[column.suffix!]); return extra === null ? main : `${main ?? ''} (${extra})`; } : cell;

    if (column.shownAs) return { sheet: sheet(24), cell: suffixed((row) => asText(row[column.shownAs!] ?? row[name])) };
    const kind = column.cell;
    if ((kind === 'time' || (kind === undefined && (TIMESTAMP_FIELDS as readonly string[]).includes(name))) || field?.rule.kind === 'dateTime') {
      return { sheet: sheet(20), cell: suffixed((row) => (typeof row[name] === 'number' ? localTime(row[name] as number, tzOffset) : asText(row[name]))) };
    }
    if (field?.rule.kind === 'decimal') {
      const { scale } = field.rule;
      return { sheet: sheet(14, scale > 0 ? `0.${'0'.repeat(scale)}` : '0'), cell: (row) => (row[name] === null || row[name] === undefined ? null : Number(row[name]) / 10 ** scale) };
    }
    if (field?.options) {
      const options = field.options;
      return { sheet: sheet(10), cell: suffixed((row) => options.find((o) => String(o.value) === String(row[name]))?.label[locale] ?? asText(row[name])) };
    }
    if (field?.dictionary) {
      const dicKey = field.dictionary;
      const names = (await dictionaries.labels?.(dicKey)) ?? new Map<string, string>();
      const nameOf = (value: string) => {
        const stored = names.get(value);
        return stored === undefined ? value : dictionaryItemText(dicKey, value, stored, locale);
      };
      return { sheet: sheet(14), cell: suffixed((row) => (row[name] === null || row[name] === undefined ? null : nameOf(String(row[name])))) };
    }
    const reference = definition.references?.[name];
    if (reference) {
      const target = definitions.find((d) => d.name === reference.resource);
      if (target) {
        const repository = repositoryOf(db, definitions, target);
        let labels = new Map<number, unknown>();
        pageLabels.push(async (rows) => {
          const ids = [...new Set(rows.map((row) => Number(row[name])).filter((id) => Number.isSafeInteger(id) && id > 0))];
          labels = new Map((await repository.findMany(ids)).map((record) => [record.id, record[reference.labelField]]));
        });
        return { sheet: sheet(18), cell: suffixed((row) => asText(labels.get(Number(row[name])) ?? row[name])) };
      }
    }
    const triple = regionTriples.find((names) => names.includes(name));
    if (triple) {
      const index = await regionIndex();
      const depth = triple.indexOf(name) + 1;
      return {
        sheet: sheet(24),
        cell: (row) => {
          const path = triple.slice(0, depth).map((part) => (row[part] === null || row[part] === undefined ? '' : String(row[part])));
          return regionNames(index, path as unknown as RegionPath, locale) ?? asText(row[name]);
        },
      };
    }
    return { sheet: sheet(Math.min(Math.max(field?.maxLength ?? 16, 8), 40)), cell: suffixed((row) => asText(row[name])) };
  }

  const built = await Promise.all(columns.map(cellOf));
  return {
    sheetColumns: built.map((b) => b.sheet),
    async cellsOf(rows: readonly ResourceRecord[]): Promise<CellValue[][]> {
      for (const read of pageLabels) await read(rows);
      return rows.map((row) => built.map((b) => b.cell(row)));
    },
  };
}
