/**
 * The columns of an import: what each header may say (the template's label in either language,
 * with or without the required mark, or the field's key), and how a cell's text becomes the value
 * a form would send (a choice by its label in either language or its value, a record by its name).
 * A text no parser recognises goes on as typed, so the save's own rules name what is wrong with it.
 */
import { format, text, type Locale, type Text } from '../../contract';
import type { Field } from '../../contract/fields';
import { parseMinorUnits } from '../../contract/decimal';
import { IMPORT_MESSAGES } from '../../contract/importFile';

/** What a cell's text became: the value to check, or a message of its own (a name naming no record). */
export type Parsed = { value: unknown } | { problem: string };

export interface ImportColumn {
  /** The value's key in what the row's check receives. */
  field: string;
  label: Text;
  /** Marked in the template (a required column must be in the file). */
  required: boolean;
  /** The template's explanation of what the column holds (its rule and bounds). */
  rule: Text;
  /** Other headers it goes by (the export's, where it heads the column otherwise). */
  aliases?: readonly Text[];
  /** The values it accepts, as the template lists them (choices, dictionary items). */
  choices?: readonly Text[];
  /** Empty cells are never parsed: the value is left out. */
  parse(cell: string, locale: Locale): Parsed | Promise<Parsed>;
}

/** The mark of a required column in the template's header. */
export const REQUIRED_MARK = '*';

export const headerOf = (column: Pick<ImportColumn, 'label' | 'required'>, locale: Locale) => `${column.required ? REQUIRED_MARK : ''}${column.label[locale]}`;

const normal = (header: string) => header.replace(/[*＊]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Which column each header cell names (undefined for an empty one), or the refusal: a header
 * naming none, one named twice, a required one missing, or no header at all.
 */
export function matchHeader(header: readonly string[], columns: readonly ImportColumn[], locale: Locale): { matched: Array<ImportColumn | undefined> } | { refusal: string } {
  const byName = new Map<string, ImportColumn>();
  for (const column of columns) {
    const labels = [column.label, ...(column.aliases ?? [])];
    for (const name of [column.field, ...labels.flatMap((label) => [label['zh-CN'], label['en-US']])]) byName.set(normal(name), column);
  }
  const matched = header.map((cell) => (cell === '' ? undefined : byName.get(normal(cell))));
  if (matched.every((column) => column === undefined)) return { refusal: IMPORT_MESSAGES.noHeader[locale] };
  const problems: string[] = [];
  const seen = new Set<ImportColumn>();
  header.forEach((cell, i) => {
    const column = matched[i];
    if (cell === '') return;
    if (!column || seen.has(column)) problems.push(format(IMPORT_MESSAGES.unknownColumn[locale], { column: cell }));
    if (column) seen.add(column);
  });
  for (const column of columns) if (column.required && !seen.has(column)) problems.push(format(IMPORT_MESSAGES.missingColumn[locale], { column: column.label[locale] }));
  return problems.length ? { refusal: problems.join('; ') } : { matched };
}

/** A value by any of its names: the label in either language or the value itself. */
export function namedValues<V>(entries: ReadonlyArray<{ value: V; names: readonly string[] }>): (cell: string) => V | undefined {
  const map = new Map<string, V>();
  for (const { value, names } of entries) for (const name of names) if (!map.has(normal(name))) map.set(normal(name), value);
  return (cell) => map.get(normal(cell));
}

export const MESSAGES = {
  noRecord: text('找不到名为“{name}”的{label}', 'No {label} is named “{name}”'),
  manyRecords: text('有多个名为“{name}”的{label}，无法确定', 'Several records of {label} are named “{name}”'),
  required: text('必填', 'Required'),
  optional: text('选填', 'Optional'),
  anyText: text('文本，最多 {max} 个字', 'Text, at most {max} characters'),
  date: text('日期，格式 YYYY-MM-DD', 'A date, as YYYY-MM-DD'),
  decimal: text('数字，最多 {scale} 位小数', 'A number, at most {scale} decimals'),
  whole: text('整数，最多 {max} 位', 'A whole number, at most {max} digits'),
  choice: text('从下列选项中填写一项', 'One of the choices listed'),
  tags: text('多项以 、 或 , 分隔', 'Several, separated by 、 or ,'),
  reference: text('填写{label}的名称', 'The name of the {label}'),
  region: text('省 / 市 / 区，如：浙江省 / 杭州市 / 西湖区', 'Province / city / district, e.g. 浙江省 / 杭州市 / 西湖区'),
  pattern: text('按表单的格式填写', 'As the form takes it'),
} satisfies Record<string, Text>;

/** The template's explanation of a field's rule (its bounds, its format). */
export function ruleOf(field: Field): Text {
  const rule = field.rule;
  const say = (t: Text, params: Record<string, string | number>): Text => ({ 'zh-CN': format(t['zh-CN'], params), 'en-US': format(t['en-US'], params) });
  switch (rule.kind) {
    case 'requiredText':
    case 'optionalText':
      return say(MESSAGES.anyText, { max: rule.max });
    case 'digits':
      return say(MESSAGES.whole, { max: rule.max });
    case 'date':
      return MESSAGES.date;
    case 'decimal':
      return say(MESSAGES.decimal, { scale: rule.scale });
    case 'choice':
    case 'dictionary':
      return MESSAGES.choice;
    case 'tags':
    case 'commaJoined':
      return MESSAGES.tags;
    case 'reference':
      return say(MESSAGES.reference, { label: '' });
    default:
      return field.maxLength ? say(MESSAGES.anyText, { max: field.maxLength }) : MESSAGES.pattern;
  }
}

/** A cell of a decimal field typed in major units (yuan): its minor units, or the text as typed. */
export function decimalParser(scale: number) {
  return (cell: string): Parsed => {
    const units = parseMinorUnits(cell, scale);
    return { value: units === undefined || units > BigInt(Number.MAX_SAFE_INTEGER) || units < -BigInt(Number.MAX_SAFE_INTEGER) ? cell : Number(units) };
  };
}

/** Several values in one cell: `a、b, c`. */
export const partsOf = (cell: string) => cell.split(/[、,，]/).map((part) => part.trim()).filter(Boolean);
