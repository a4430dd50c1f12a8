/**
 * An uploaded .xlsx as rows of text: the first worksheet, row 1 its header, every cell as a user
 * would have typed it (numbers without a format's rounding, a date cell as YYYY-MM-DD, a formula
 * by its result, a text the export escaped with a leading `'` without it). Blank rows are skipped;
 * each row keeps its number as the sheet shows it.
 */
import ExcelJS from 'exceljs';
import { Code, format, type Locale } from '../../contract';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../contract/importFile';
import { looksLikeFormula } from '../../contract/exportFile';
import { ApiError } from '../errors';

export interface SheetRow {
  /** The row's number as the sheet shows it (the header is 1). */
  row: number;
  cells: string[];
}

export interface ReadSheet {
  header: string[];
  rows: SheetRow[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell (ExcelJS reads it as UTC): the day, with the time only when it has one. */
function dateText(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  return seconds === 0 ? day : `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

function numberText(value: number): string {
  // 13800000000 stays digits (never 1.38e+10); a float keeps what it holds (0.1 + 0.2 as typed: 0.3).
  if (Number.isInteger(value)) return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 });
  return String(Number(value.toPrecision(15)));
}

/** A cell's value as text: '' for an empty one. */
export function cellValueText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const trimmed = value.trim();
    // The export writes a text a spreadsheet would take for a formula with a leading ' (contract/exportFile.ts).
    return trimmed.startsWith("'") && looksLikeFormula(trimmed.slice(1)) ? trimmed.slice(1) : trimmed;
  }
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellValueText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in value) return cellValueText((value as { text?: ExcelJS.CellValue }).text ?? null);
  return '';
}

const refusal = (message: string) => new ApiError(Code.VALIDATION_FAILED, message);

/** The first worksheet's header and non-blank rows; refuses an unreadable file, one without rows, or one with too many. */
export async function readSheet(bytes: Buffer, locale: Locale): Promise<ReadSheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refusal(IMPORT_MESSAGES.notXlsx[locale]);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refusal(IMPORT_MESSAGES.notXlsx[locale]);
  const width = sheet.columnCount;
  const textsOf = (row: ExcelJS.Row) => Array.from({ length: width }, (_, i) => cellValueText(row.getCell(i + 1).value));
  const headerRow = sheet.getRow(1);
  const header = textsOf(headerRow);
  if (header.every((cell) => cell === '')) throw refusal(IMPORT_MESSAGES.noHeader[locale]);

  // Counted before any is read as text: past the bound the file is refused whole.
  let count = 0;
  sheet.eachRow((row, number) => {
    if (number > 1 && row.hasValues) count++;
  });
  if (count > IMPORT_LIMITS.rows) throw refusal(format(IMPORT_MESSAGES.tooManyRows[locale], { max: IMPORT_LIMITS.rows, count }));

  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = textsOf(row);
    if (cells.some((cell) => cell !== '')) rows.push({ row: number, cells });
  });
  if (rows.length === 0) throw refusal(IMPORT_MESSAGES.empty[locale]);
  return { header, rows };
}
