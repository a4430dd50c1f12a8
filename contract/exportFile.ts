/**
 * Exporting a list to .xlsx (`<endpoint>/export`): what the console and the server agree on, the
 * bound of one export, and how a cell's text is made safe for a spreadsheet.
 */
import { format, text, type Locale, type Text } from './i18n';

/** Below a list's endpoint: the export of what its filters select. */
export const EXPORT_PATH = 'export';

/** The export's columns in order, a comma list of the list's column keys. */
export const EXPORT_COLUMNS_PARAM = 'columns';

/** The most rows one export writes; past it the file ends with a row saying so. */
export const MAX_EXPORT_ROWS = 200_000;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Text a spreadsheet could read as a formula (or a DDE call) when the file is opened, converted
 * or pasted: leading `=`, `+`, `-`, `@`, tab or carriage return.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters XML 1.0 cannot carry (a file holding one does not open): the controls but tab, line feed and carriage return, and U+FFFE, U+FFFF. */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const NOT_XML = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/;
const EVERY_NOT_XML = new RegExp(NOT_XML.source, 'g');

/** Whether a file name may hold the character (no control character, no path or wildcard sign). */
function isFileNameChar(char: string): boolean {
  return char.codePointAt(0)! >= 0x20 && !'\\/:*?"<>|'.includes(char);
}

/**
 * A text as a cell holds it: never read as a formula (a leading `'`, as a spreadsheet marks typed
 * text) and without characters the file format cannot hold.
 */
export function cellText(value: string): string {
  // Tested before replaced: a cell's text rarely holds one, and an export runs this per cell.
  const clean = NOT_XML.test(value) ? value.replace(EVERY_NOT_XML, '') : value;
  return FORMULA_START.test(clean) ? `'${clean}` : clean;
}

/** Whether a text would be read as a formula unless escaped. */
export function looksLikeFormula(value: string): boolean {
  return FORMULA_START.test(value);
}

/** `人员管理-2026-11-26.xlsx`: the list's title and the day, without characters a file name cannot hold. */
export function exportFileName(title: string, day: string): string {
  const safe = [...title].filter(isFileNameChar).join('').trim() || 'export';
  return `${safe}-${day}.xlsx`;
}

/** The row ending a file that reached MAX_EXPORT_ROWS. */
export const EXPORT_TRUNCATED: Text = text(
  '仅导出前 {max} 行；请缩小查询条件后再导出其余部分',
  'Only the first {max} rows were exported; narrow the filters to export the rest',
);

export function truncatedNote(locale: Locale, max = MAX_EXPORT_ROWS): string {
  return format(EXPORT_TRUNCATED[locale], { max: max.toLocaleString(locale) });
}

/** Refused when the caller (or the server) already runs as many exports as it may. */
export const EXPORT_BUSY: Text = text('导出正在进行，请稍后再试', 'An export is already running; try again in a moment');

/** The console's texts of the export button. */
export const EXPORT_TEXTS = {
  button: text('导出', 'Export'),
  running: text('正在导出：已接收 {size}', 'Exporting: {size} received'),
  cancel: text('取消导出', 'Cancel export'),
  cancelled: text('导出已取消', 'Export cancelled'),
  done: text('已导出 {file}', 'Exported {file}'),
  failed: text('导出失败：{message}', 'Export failed: {message}'),
} satisfies Record<string, Text>;

/** How much of the file has arrived, as the console's progress says it. */
export function sizeText(bytes: number, locale: Locale): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString(locale, { maximumFractionDigits: 0 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}
