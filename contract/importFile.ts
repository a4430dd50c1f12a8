/**
 * Importing new records from .xlsx (`<endpoint>/import`, for a definition with `importable: true`
 * and for the person list): what the console and the server agree on. The console POSTs the file's
 * bytes as the body (Content-Type XLSX_TYPE), the parameters in the query string. A dry run
 * (`dryRun=1`) checks every row with the contract rules of the form and the save, duplicates
 * within the file and against the database included, and answers the report; a commit checks the
 * same and writes every row in one transaction, or none (1001 with the report). A file already
 * committed to the resource (the same bytes) changes nothing and says when it was imported.
 */
import { text, type Text } from './i18n';

/** Below a list's endpoint: the import (dry run or commit) and its template. */
export const IMPORT_PATH = 'import';
export const IMPORT_TEMPLATE_PATH = 'importTemplate';

/** `dryRun=1` (or `true`): check and report, write nothing. */
export const IMPORT_DRY_RUN_PARAM = 'dryRun';

/** The bounds of one file: past each, a clear refusal and nothing written. */
export const IMPORT_LIMITS = {
  /** Data rows (the header row not counted). */
  rows: 5_000,
  /** The file's size in bytes. */
  bytes: 5 * 1024 * 1024,
  /** Time spent checking one file, in milliseconds. */
  millis: 60_000,
} as const;

/** One problem of one row: the sheet's row number (the header is row 1), the column's key and header, and the message a form would show. */
export interface ImportProblem {
  row: number;
  /** The column's key (a field name), null for a problem of the whole row. */
  field: string | null;
  /** The column's header as the template writes it in the caller's language, null for the whole row. */
  column: string | null;
  message: string;
}

/** The answer of a dry run and of a commit (a refused commit carries it as its `data`). */
export interface ImportReport {
  /** SHA-256 of the file's bytes, hex. */
  digest: string;
  /** Data rows read (blank rows skipped). */
  rows: number;
  /** Rows without a problem. */
  valid: number;
  problems: ImportProblem[];
  /** Rows written: 0 on a dry run, a refusal or a file imported before. */
  imported: number;
  /** Set when the same file was committed to this resource before: nothing is written again. */
  importedBefore: { at: string; by: string | null } | null;
}

export const IMPORT_MESSAGES = {
  refused: text('{count} 行有问题，未导入任何记录', '{count} row(s) have problems; nothing was imported'),
  tooManyRows: text('文件最多 {max} 行数据，此文件有 {count} 行', 'A file may hold at most {max} data rows; this one holds {count}'),
  tooLarge: text('文件不能超过 {max} MB', 'A file may be at most {max} MB'),
  tooSlow: text('文件检查超时，请拆分为更小的文件', 'Checking the file took too long; split it into smaller files'),
  notXlsx: text('无法读取文件，请使用下载的模板（.xlsx）', 'The file could not be read; use the downloaded template (.xlsx)'),
  noHeader: text('第 1 行应为模板的表头', 'Row 1 should be the template header'),
  unknownColumn: text('未知的列：{column}', 'Unknown column: {column}'),
  missingColumn: text('缺少列：{column}', 'Missing column: {column}'),
  empty: text('文件中没有数据行', 'The file holds no data rows'),
  duplicateInFile: text('{label}与第 {row} 行重复', '{label} repeats row {row}'),
} satisfies Record<string, Text>;
